import { JoinNetworkProvider } from "@/components/forms/JoinNetwork";
import { SiteFooter } from "@/components/layout/SiteFooter";
import "@/styles/quote.css";

/**
 * The quote flow's frame: no site header, so nothing above the form competes with it; the
 * footer (spec 2.2: on all pages) follows below the fold.
 */
export default function QuoteLayout({ children }: { children: React.ReactNode }) {
  return (
    <JoinNetworkProvider>
      <div className="quote-shell">{children}</div>
      <SiteFooter />
    </JoinNetworkProvider>
  );
}
