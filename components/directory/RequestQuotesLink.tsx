import Link from "next/link";
import { quoteStartPath } from "@/lib/contract/quote-start";

/**
 * "Request quotes from these managers" on /compare, and "Request a quote from this
 * manager" on a profile: into the quote flow with those managers chosen. The choice is in the
 * link's address (quoteStartPath), so a new tab, a shared link and a page without scripts get it
 * too; step 1 stores it (selected_agents), so the last step ticks them whatever their distance
 * rank. They still must serve the owner's ZIP code for the property type, and that step names
 * those who do not. With a city (a profile's), step 2 opens with it filled in.
 */
export function RequestQuotesLink({ ids, city }: { ids: number[]; city?: string }) {
  return (
    // nofollow: every profile links here with its own query, and all of them are the one step 1 (its canonical).
    <Link href={quoteStartPath({ managers: ids, city })} rel="nofollow" className="button button--accent">
      {ids.length === 1 ? "Request a quote from this manager" : "Request quotes from these managers"}
    </Link>
  );
}
