import Link from "next/link";

/** Back (a link to the previous step) and Next (the form's submit button). */
export function StepActions({ backHref, disabled = false }: { backHref?: string; disabled?: boolean }) {
  return (
    <div className="quote-actions">
      {backHref && (
        <Link href={backHref} className="button button--outline quote-actions__back">
          Back
        </Link>
      )}
      <button type="submit" className="button quote-actions__next" disabled={disabled}>
        Next
      </button>
    </div>
  );
}
