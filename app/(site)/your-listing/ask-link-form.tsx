"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { SubmitButton } from "@/components/forms/SubmitButton";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { requestLinkAction } from "./actions";

/** "Email me a sign-in link": the answer (the masked address it went to) shows under the button. */
export function AskLinkForm({ agentId }: { agentId: number }) {
  const [state, formAction] = useActionState(requestLinkAction, null);
  return (
    <form action={formAction} className="your-listing__ask" aria-label={LISTING_SELF.askButton}>
      <input type="hidden" name="agent_id" value={agentId} />
      <Submit label={LISTING_SELF.askButton} />
      {state && (
        <p role={state.ok ? "status" : "alert"} className={state.ok ? "your-listing__ok" : "your-listing__error"}>
          {state.message}
        </p>
      )}
    </form>
  );
}

/** The form's button, "Processing..." while its action runs. */
export function Submit({ label }: { label: string }) {
  const { pending } = useFormStatus();
  return <SubmitButton pending={pending} label={label} />;
}
