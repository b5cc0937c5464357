import { DIRECTORY_PAGE } from "@/lib/contract/page-messages";

/** The one-line notice of directory pages that show a sample listing. */
export function SampleNotice() {
  return (
    <p className="sample-notice" role="note">
      {DIRECTORY_PAGE.sampleNotice.before} <strong>Sample listing</strong> {DIRECTORY_PAGE.sampleNotice.after}
    </p>
  );
}

/** The words every sample card and profile carries. */
export function SampleBadge() {
  return <span className="badge badge--sample">Sample listing</span>;
}
