/** Reads "Processing..." while its form's call is pending, "Submit" otherwise (spec section 4). */
export function SubmitButton({
  pending,
  label = "Submit",
  className = "button",
  describedBy,
}: {
  pending: boolean;
  label?: string;
  className?: string;
  /** The id of text that says what submitting does (the quote flow's consent sentence). */
  describedBy?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending} aria-describedby={describedBy}>
      {pending ? "Processing..." : label}
    </button>
  );
}
