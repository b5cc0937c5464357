"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import toast, { Toaster } from "react-hot-toast";
import type { AnyCallResponse } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { ProposalComparison } from "./ProposalComparison";
import { useLiveCall } from "./useLiveCall";

type OwnerProposals = AnyCallResponse<"request/proposals">;

/** Each manager's proposal version (0: none yet). */
const versionsOf = (data: OwnerProposals) => new Map(data.proposals.map((entry) => [entry.agent_id, entry.proposal?.revision ?? 0]));

/** What arrived or changed between two reads, as the notices to show. */
export function proposalNotices(before: OwnerProposals, after: OwnerProposals): string[] {
  const seen = versionsOf(before);
  return after.proposals.flatMap((entry) => {
    const was = seen.get(entry.agent_id) ?? 0;
    if (!entry.proposal || entry.proposal.revision === was) return [];
    return [was === 0 ? PROPOSAL.arrived(entry.company_name) : PROPOSAL.changed(entry.company_name, entry.proposal.revision)];
  });
}

/**
 * The owner's comparison, live: read again while the request is open and the page is
 * visible (useLiveCall), with a notice (react-hot-toast) when a proposal arrives or changes.
 */
export function LiveProposals({ token, initial }: { token: string; initial: OwnerProposals }) {
  const router = useRouter();
  const { data, refresh } = useLiveCall("request/proposals", token, initial, (latest) => latest.decided_at === null && !latest.withdrawn);
  const previous = useRef(data);
  useEffect(() => {
    for (const notice of proposalNotices(previous.current, data)) toast(notice);
    previous.current = data;
  }, [data]);
  return (
    <>
      <Toaster position="top-center" toastOptions={{ duration: 8000 }} />
      <ProposalComparison
        token={token}
        proposals={data.proposals}
        assumption={data.assumption}
        askedServices={data.asked_services}
        decidedAt={data.decided_at}
        onChanged={() => {
          refresh();
          router.refresh();
        }}
      />
    </>
  );
}
