import "@/styles/quote.css";

/** The quote flow's frame: no site header or footer, so nothing competes with the form. */
export default function QuoteLayout({ children }: { children: React.ReactNode }) {
  return <div className="quote-shell">{children}</div>;
}
