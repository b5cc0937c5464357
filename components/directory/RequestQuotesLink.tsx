"use client";

import Link from "next/link";
import { saveSelectedAgents } from "@/lib/lead-form/storage";
import { STEP_PATHS } from "@/lib/contract/routes";

/**
 * "Request quotes from these managers" (issue 20): into the quote flow with the compared managers
 * chosen (selected_agents), so the last step ticks them; they still must serve the owner's ZIP
 * code for the property type, and that step names those who do not.
 */
export function RequestQuotesLink({ ids }: { ids: number[] }) {
  return (
    <Link href={STEP_PATHS[1]} className="button button--accent" onClick={() => saveSelectedAgents(ids)}>
      Request quotes from {ids.length === 1 ? "this manager" : "these managers"}
    </Link>
  );
}
