"use client";

import { assumptionOf } from "@/lib/contract/proposals";
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import type { ServingAgent } from "@/lib/contract";
import { RECIPIENTS, type ContactWays } from "@/lib/contract/messages";
import { useMessages } from "@/components/ui/MessageDialog";
import { useSave } from "@/components/forms/useSave";
import { SubmitButton } from "@/components/forms/SubmitButton";
import { ConsentLine, RecipientChoice } from "@/components/quote/RecipientChoice";
import type { RecipientsState } from "@/components/quote/useRecipients";
import { REQUEST_STATUS } from "@/lib/contract/page-messages";

/**
 * For a request nobody has received (no manager served its ZIP when it was sent): the managers
 * who serve it now, chosen the same way as on /preview, and sent with lead/recipients.
 */
export function ChooseRecipientsLater({
  token,
  matches,
  rule,
  city,
  zip,
  ways,
  answers,
}: {
  token: string;
  matches: ServingAgent[];
  rule: string;
  city: string;
  /** The request's ZIP code, which the managers' distances are measured from. */
  zip: string;
  /** The contact details the owner gave and the method chosen (the sentence's "by email"). */
  ways: ContactWays;
  /** The request's answers: each manager's first-year cost is figured at the rent and units they give. */
  answers: readonly { question: string; answer: string | readonly string[] }[];
}) {
  const router = useRouter();
  const { showError } = useMessages();
  const { pending, save } = useSave("lead/recipients");
  const consentId = useId();
  const [selected, setSelected] = useState<number[]>(() => matches.slice(0, RECIPIENTS.max).map((agent) => agent.agent_id));
  const state: RecipientsState = { status: "ready", matches, total: matches.length, rule, place: { zip, city, state: "", lat: 0, lng: 0 }, selected, notServing: [] };

  function toggle(id: number, checked: boolean) {
    setSelected((previous) => {
      const without = previous.filter((entry) => entry !== id);
      const next = checked && without.length < RECIPIENTS.max ? [...without, id] : without;
      return matches.map((agent) => agent.agent_id).filter((agentId) => next.includes(agentId));
    });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selected.length === 0) return showError(RECIPIENTS.chooseOne);
    if (await save({ token, agent_ids: selected })) router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="request__choose">
      <p>{REQUEST_STATUS.servedNow}</p>
      <RecipientChoice state={state} onToggle={toggle} onRetry={() => {}} zip={zip} categoryId={1} email="" assumption={assumptionOf(answers)} headingLevel={3} />
      <ConsentLine id={consentId} state={state} ways={ways} />
      <SubmitButton pending={pending} label="Send my request" describedBy={consentId} />
    </form>
  );
}
