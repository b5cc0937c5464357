import type { LawBlock, LawSection } from "@/lib/contract";
import { sectionAnchor } from "@/lib/contract/law-topics";
import { sanitizeRichText } from "@/lib/sanitize";
import { RichText } from "@/components/ui/RichText";
import "@/styles/laws.css";

/** Section titles the page never shows (spec 2.6); their content still renders. */
// eslint-disable-next-line no-restricted-syntax -- titles matched in the seeded content, never shown
const HIDDEN_SECTION_TITLES = ["Explore Property Management", "About Us", "Got Questions?"];

/**
 * A law page's sections, each content block rendered by what it holds (spec 2.6). Every section
 * has a heading: a title the spec hides is kept for assistive technology and the outline.
 */
export function LawSections({ sections }: { sections: LawSection[] }) {
  return (
    <div className="law-sections">
      {sections.map((section, index) => {
        const title = section.sectionTitle.trim();
        const hidden = HIDDEN_SECTION_TITLES.includes(title);
        const anchor = sectionAnchor(title) || `law-section-${index}`;
        return (
          <section key={`${title}-${index}`} id={anchor} aria-labelledby={`${anchor}-title`} className="law-section">
            <h2 id={`${anchor}-title`} className={hidden ? "visually-hidden" : "law-section__title"}>
              {title}
            </h2>
            {section.content.map((block, blockIndex) => (
              <LawBlockView key={blockIndex} block={block} tableId={`${anchor}-table-${blockIndex}`} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function LawBlockView({ block, tableId }: { block: LawBlock; tableId: string }) {
  // A question's free content is the line under its answer: the statute and the source.
  const cited = Boolean(block.question && block.content);
  return (
    <div className={cited ? "law-block law-block--cited" : "law-block"}>
      {block.question && (
        <h3 className="law-block__question">
          <strong>{block.question}</strong>
        </h3>
      )}
      {block.answer && <RichText html={block.answer} className="law-block__answer" />}
      {block.content && <RichText html={block.content} className={cited ? "law-block__citation" : "law-block__content"} />}
      {block.items && block.items.length > 0 && (
        <ul className="law-block__items">
          {block.items.map((item, index) => (
            <li key={index} dangerouslySetInnerHTML={{ __html: sanitizeRichText(item) }} />
          ))}
        </ul>
      )}
      {block.rows && block.rows.length > 0 && (
        <div className="law-table__scroll" role="region" aria-labelledby={`${tableId}-caption`} tabIndex={0}>
          <table className="law-table">
            <caption id={`${tableId}-caption`} className="law-table__caption">
              The statute behind each rule on this page (&quot;--&quot; where no statute sets the rule)
            </caption>
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
