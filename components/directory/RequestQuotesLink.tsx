"use client";

import Link from "next/link";
import { saveLeadValues, saveSelectedAgents } from "@/lib/lead-form/storage";
import { STEP_PATHS } from "@/lib/contract/routes";

/**
 * "Request quotes from these managers" on /compare, and "Request a quote from this
 * manager" on a profile: into the quote flow with those managers chosen
 * (selected_agents), so the last step ticks them whatever their distance rank; they still must
 * serve the owner's ZIP code for the property type, and that step names those who do not. With a
 * city (a profile's), step 2 opens with it filled in.
 */
export function RequestQuotesLink({ ids, city }: { ids: number[]; city?: string }) {
  return (
    <Link
      href={STEP_PATHS[1]}
      className="button button--accent"
      onClick={() => {
        saveSelectedAgents(ids);
        if (city) saveLeadValues({ property_city: city });
      }}
    >
      {ids.length === 1 ? "Request a quote from this manager" : "Request quotes from these managers"}
    </Link>
  );
}
