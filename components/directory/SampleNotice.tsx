/** The one-line notice of directory pages that show a sample listing. */
export function SampleNotice() {
  return (
    <p className="sample-notice" role="note">
      Listings marked <strong>Sample listing</strong> are examples: the companies, their fees and their license data are fictional.
    </p>
  );
}

/** The words every sample card and profile carries. */
export function SampleBadge() {
  return <span className="badge badge--sample">Sample listing</span>;
}
