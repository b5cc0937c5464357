"use client";

import type { AnyCallResponse } from "@/lib/contract";
import { useLiveCall } from "@/components/requests/useLiveCall";
import { ManagerProposal } from "./ManagerProposal";

/**
 * The manager's proposal page, live: while the request is open it is read again on
 * focus, on reconnect and every 20 s while visible, so a decision or a withdrawal shows without a
 * reload (the page then says the link is closed, and reading stops); a save reads it at once.
 */
export function LiveManagerProposal({ token, initial }: { token: string; initial: AnyCallResponse<"proposal/get"> }) {
  const { data, refresh } = useLiveCall("proposal/get", token, initial, (latest) => latest.status === "open");
  return <ManagerProposal answer={data} token={token} onSaved={refresh} />;
}
