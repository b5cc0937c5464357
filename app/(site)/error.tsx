"use client";

import Link from "next/link";
import { PATHS } from "@/lib/contract/routes";
import { SITE_CHROME } from "@/lib/contract/messages";

/** Something failed while rendering a page: say so plainly and offer a retry. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="not-found">
      <div className="container not-found__inner">
        <h1>Something went wrong</h1>
        <p>{SITE_CHROME.loadFailed}</p>
        <p>
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>{" "}
          <Link href={PATHS.home} className="button button--outline">
            Go to the home page
          </Link>
        </p>
      </div>
    </main>
  );
}
