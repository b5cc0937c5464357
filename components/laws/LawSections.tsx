import type { LawBlock, LawSection } from "@/lib/api/contract";
import { sanitizeRichText } from "@/lib/sanitize";
import { RichText } from "@/components/ui/RichText";

/** Section titles the page never shows (spec 2.6); their content still renders. */
export const HIDDEN_SECTION_TITLES = ["Explore Property Management", "About Us", "Got Questions?"];

/** A law page's sections, each content block rendered by what it holds (spec 2.6). */
export function LawSections({ sections }: { sections: LawSection[] }) {
  return (
    <div className="law-sections">
      {sections.map((section, index) => (
        <section key={`${section.sectionTitle}-${index}`} className="law-section">
          {!HIDDEN_SECTION_TITLES.includes(section.sectionTitle.trim()) && <h2 className="law-section__title">{section.sectionTitle}</h2>}
          {section.content.map((block, blockIndex) => (
            <LawBlockView key={blockIndex} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}

function LawBlockView({ block }: { block: LawBlock }) {
  return (
    <div className="law-block">
      {block.question && (
        <h3 className="law-block__question">
          <strong>{block.question}</strong>
        </h3>
      )}
      {block.answer && <RichText html={block.answer} className="law-block__answer" />}
      {block.content && <RichText html={block.content} className="law-block__content" />}
      {block.items && block.items.length > 0 && (
        <ul className="law-block__items">
          {block.items.map((item, index) => (
            <li key={index} dangerouslySetInnerHTML={{ __html: sanitizeRichText(item) }} />
          ))}
        </ul>
      )}
      {block.rows && block.rows.length > 0 && (
        <div className="law-table__scroll">
          <table className="law-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, index) => (
                <tr key={index}>
                  <td>{row.code.trim() || "--"}</td>
                  <td>{row.description.trim() || "--"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
