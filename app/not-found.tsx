import type { Metadata } from "next";
import Link from "next/link";
import "@/styles/site.css";

export const metadata: Metadata = {
  title: "Page not found | Managely",
  robots: { index: false },
};

/** Unknown blog, law, manager, city or address: a real 404 that helps the visitor on. */
export default function NotFound() {
  return (
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
  );
}
