import { wordDiff } from "@/lib/contract/text-diff";

/** What a draft changes in a field, word by word: removed words struck through, added ones marked. */
export function TextDiff({ label, live, draft }: { label: string; live: string; draft: string }) {
  if (live === draft) {
    return (
      <div className="ws-diff">
        <p className="ws-diff__label">{label}</p>
        <p className="ws-diff__same">No change.</p>
      </div>
    );
  }
  return (
    <div className="ws-diff">
      <p className="ws-diff__label">{label}</p>
      <p className="ws-diff__text">
        {wordDiff(live, draft).map((part, index) =>
          part.kind === "same" ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === "removed" ? (
            <del key={index}>{part.text}</del>
          ) : (
            <ins key={index}>{part.text}</ins>
          ),
        )}
      </p>
    </div>
  );
}
