/** Reads "Processing..." while its form's call is pending, "Submit" otherwise (spec section 4). */
export function SubmitButton({ pending, label = "Submit", className = "button" }: { pending: boolean; label?: string; className?: string }) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending ? "Processing..." : label}
    </button>
  );
}
