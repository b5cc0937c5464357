import type { JsonLdBlock } from "@/lib/contract/json-ld-check";
import { WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

/** The page's JSON-LD blocks as it serves them, each with its check. */
export function JsonLdReport({ blocks }: { blocks: JsonLdBlock[] }) {
  if (blocks.length === 0) return <p>{WORKSPACE_PAGES.noJsonLd}</p>;
  return (
    <ul className="ws-jsonld">
      {blocks.map((block, index) => (
        <li key={index} className="ws-jsonld__block">
          <p>
            <strong>{block.types.join(", ") || "Unknown type"}</strong>:{" "}
            {block.problems.length === 0 ? <span className="ws-good">valid</span> : <span className="ws-bad">{block.problems.length === 1 ? "1 problem" : `${block.problems.length} problems`}</span>}
          </p>
          {block.problems.length > 0 && (
            <ul className="ws-problems">
              {block.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <details>
            <summary>Show the JSON-LD</summary>
            <pre className="ws-code">{block.json}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
