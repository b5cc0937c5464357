import "@/styles/quote.css";

/**
 * The quote flow's frame: no site header, so nothing above the form competes with it; the
 * footer (spec 2.2: on all pages, from the root layout) follows below the fold.
 */
export default function QuoteLayout({ children }: { children: React.ReactNode }) {
  return <div className="quote-shell">{children}</div>;
}
