import "@/styles/quote.css";
import { PreviewBar } from "@/components/seo/PreviewBar";

/**
 * The quote flow's frame: no site header, so nothing above the form competes with it; the
 * footer (spec 2.2: on all pages, from the root layout) follows below the fold.
 */
export default function QuoteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <PreviewBar />
      <div className="quote-shell">{children}</div>
    </>
  );
}
