"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { AnyCallRequest } from "@/lib/contract";
import { categoryLabel } from "@/lib/contract/site";
import { RECIPIENTS } from "@/lib/contract/messages";
import { PATHS } from "@/lib/contract/routes";
import { forgetSubmissionKey, guaranteeSubmissionKey, saveLeadReceipt, submissionKey, type LeadReceipt } from "@/lib/lead-form/storage";
import { useMessages } from "@/components/ui/MessageDialog";
import { useSave } from "@/components/forms/useSave";
import type { RecipientsState } from "./useRecipients";

export type LeadToSend = {
  /** lead/save's fields as the form has them; the submission key and the chosen managers are added here. */
  lead: Omit<AnyCallRequest<"lead/save">, "submission_key" | "agent_ids">;
  /** The managers shown and ticked (useRecipients). */
  recipients: RecipientsState;
  /** How the chosen managers may contact the owner, for the receipt on /thank-you. */
  contact: LeadReceipt["contact"];
  /** What to focus after the "Error!" dialog when the service names an invalid field. */
  fieldElement: (field: string) => HTMLElement | null | undefined;
};

/**
 * Sends a lead of the quote flow: step 5's full request, or the quote-guarantee modal's own lead
 * (a submission key of its own, so the two are two leads). A recipient choice still loading or
 * left empty is said in the "Error!" dialog; otherwise lead/save goes out once (the key makes a
 * retry or a double click one lead), its answer is kept for /thank-you, and the owner goes there.
 * `pending` stays true from the click until the thank-you page, so nothing invites a second click.
 */
export function useSubmitLead(kind: "request" | "guarantee") {
  const router = useRouter();
  const { showError } = useMessages();
  const { pending, save } = useSave("lead/save");
  const [leaving, setLeaving] = useState(false);

  async function submit({ lead, recipients, contact, fieldElement }: LeadToSend): Promise<void> {
    if (recipients.status !== "ready") return showError(recipients.status === "error" ? recipients.message : RECIPIENTS.loading);
    if (recipients.matches.length > 0 && recipients.selected.length === 0) return showError(RECIPIENTS.chooseOne);
    const key = kind === "guarantee" ? guaranteeSubmissionKey() : submissionKey();
    // A 409: the key was used for another request (changed after a save the browser never heard of).
    const onRefused = (status: number) => status === 409 && forgetSubmissionKey(kind);
    const saved = await save({ ...lead, submission_key: key, agent_ids: recipients.selected }, { successPopup: false, fieldElement, onRefused });
    if (!saved) return;
    saveLeadReceipt({
      reference: saved.reference,
      recipients: saved.recipients,
      request_path: saved.request_path,
      confirmation: saved.confirmation ?? "none",
      contact,
      state: recipients.place?.state ?? "",
      unserved:
        recipients.matches.length === 0
          ? { zip: lead.property_zip.trim(), category: categoryLabel(lead.property_category) ?? "", email: lead.email_address?.trim() ?? "" }
          : null,
    });
    setLeaving(true);
    router.push(PATHS.thankYou);
  }

  return { pending: pending || leaving, submit };
}
