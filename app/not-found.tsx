import type { Metadata } from "next";
import Link from "next/link";
import { JoinNetworkProvider } from "@/components/forms/JoinNetwork";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { SiteFooter } from "@/components/layout/SiteFooter";
import "@/styles/site.css";

// No robots here: Next.js gives every 404 its noindex, and a second one would repeat it.
export const metadata: Metadata = {
  title: "Page not found | Managely",
};

/**
 * Unknown blog, law, manager, city or address: a real 404 that helps the visitor on. It renders
 * inside the root layout only, so it brings the site's header and footer itself.
 */
export default function NotFound() {
  return (
    <JoinNetworkProvider>
      <SiteHeader variant="details" />
      <main id="main" className="not-found">
        <div className="container not-found__inner">
          <p className="not-found__code">404</p>
          <h1>We could not find that page</h1>
          <p>The address may be mistyped, or the page may have moved. These will get you back on track:</p>
          <ul className="not-found__links">
            <li>
              <Link href="/">Home</Link>
            </li>
            <li>
              <Link href="/resources">Find property managers by state and city</Link>
            </li>
            <li>
              <Link href="/laws">Landlord-tenant laws by state</Link>
            </li>
            <li>
              <Link href="/blogs">Blog &amp; News</Link>
            </li>
            <li>
              <Link href="/search">Get free quotes from local managers</Link>
            </li>
          </ul>
        </div>
      </main>
      <SiteFooter />
    </JoinNetworkProvider>
  );
}
