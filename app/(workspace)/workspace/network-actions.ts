"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { refresh, revalidatePath } from "next/cache";
import { ApiError } from "@/lib/contract/errors";
import { WORKSPACE, type StaffPermission } from "@/lib/contract/staff";
import { NETWORK, NETWORK_WHAT } from "@/lib/contract/operator-messages";
import { declineSchema, isMessageStatus, listingDraftSchema, replySchema } from "@/lib/contract/operator";
import { WORKSPACE_PATHS, workspaceApplicationPath } from "@/lib/contract/workspace-routes";
import { allowedOrigins } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { workspaceDb, type StaffIdentity } from "@/lib/service/workspace";
import { approveApplication, changeMessageStatus, declineApplication, linkApplication, operatorDelivery, removeSubscriber, replyToMessage } from "@/lib/service/workspace/network";
import type { ActionState } from "@/components/workspace/ActionForm";
import { refusalFor } from "@/lib/service/workspace/audit";
import { requireStaff } from "./staff-session";
import { formText } from "./form-text";
import { parseRecordId } from "@/lib/contract/record-id";

/**
 * The server actions of the operator's tasks (applications, messages, subscribers). Like the
 * workspace's others (actions.ts): the request must come from the site's own pages, then the
 * staff session and its role are checked here, and again by the service, which writes the
 * decision, its audit entry and its email in one transaction.
 */
type NetworkPermission = keyof typeof NETWORK_WHAT & StaffPermission;

const text = formText;
const idOf = (formData: FormData, name: string) => parseRecordId(text(formData, name));

/** The signed-in staff member allowed `permission`, or the answer that refuses (not from the site, or the role). */
async function allowed(permission: NetworkPermission): Promise<{ refused: ActionState } | { staff: StaffIdentity }> {
  if (!isSameOriginRequest(await headers(), allowedOrigins())) return { refused: { ok: false, message: WORKSPACE.notFromTheSite } };
  const staff = await requireStaff();
  const refused = await refusalFor(await workspaceDb(), staff, permission, NETWORK.forbidden(staff.role, NETWORK_WHAT[permission]));
  return refused === null ? { staff } : { refused: { ok: false, message: refused } };
}

/** A service refusal as the form shows it; anything else is unexpected and thrown. */
const failed = (error: unknown): ActionState => {
  if (error instanceof ApiError) return { ok: false, message: error.message, ...(error.field ? { field: error.field } : {}) };
  throw error;
};

// ---------------------------------------------------------------------------------------------
// Applications

export async function approveAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("application:decide");
  if ("refused" in gate) return gate.refused;
  const applicationId = idOf(formData, "application_id");
  if (!applicationId) return { ok: false, message: NETWORK.unknownApplication };
  const parsed = listingDraftSchema.safeParse({
    ...Object.fromEntries(["company_name", "contact_name", "email", "phone", "office_address", "office_city", "office_state", "office_zip", "service_zips", "management_fee", "leasing_fee", "setup_fee", "renewal_fee", "about"].map((name) => [name, text(formData, name)])),
    categories: formData.getAll("categories").filter((value) => typeof value === "string"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: issue.message, field: String(issue.path[0] ?? "") };
  }
  let decision;
  try {
    decision = await approveApplication(await workspaceDb(), gate.staff, { applicationId, draft: parsed.data, allowDuplicates: text(formData, "allow_duplicates") === "1", delivery: operatorDelivery() });
  } catch (error) {
    return failed(error);
  }
  // The listing's profile, its cities' lists, their states and the sitemap render again here (and on every instance sharing Redis).
  for (const path of decision.paths) revalidatePath(path);
  redirect(`${workspaceApplicationPath(applicationId)}?decided=approved`);
}

export async function linkAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("application:decide");
  if ("refused" in gate) return gate.refused;
  const applicationId = idOf(formData, "application_id");
  const agentId = idOf(formData, "agent_id");
  if (!applicationId || !agentId) return { ok: false, message: NETWORK.unknownApplication };
  try {
    await linkApplication(await workspaceDb(), gate.staff, { applicationId, agentId, delivery: operatorDelivery() });
  } catch (error) {
    return failed(error);
  }
  redirect(`${workspaceApplicationPath(applicationId)}?decided=linked`);
}

export async function declineAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("application:decide");
  if ("refused" in gate) return gate.refused;
  const applicationId = idOf(formData, "application_id");
  if (!applicationId) return { ok: false, message: NETWORK.unknownApplication };
  const parsed = declineSchema.safeParse({ reason: text(formData, "reason") });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message, field: "reason" };
  try {
    await declineApplication(await workspaceDb(), gate.staff, { applicationId, reason: parsed.data.reason, delivery: operatorDelivery() });
  } catch (error) {
    return failed(error);
  }
  redirect(`${workspaceApplicationPath(applicationId)}?decided=declined`);
}

// ---------------------------------------------------------------------------------------------
// Messages

export async function replyAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("message:reply");
  if ("refused" in gate) return gate.refused;
  const messageId = idOf(formData, "message_id");
  if (!messageId) return { ok: false, message: NETWORK.unknownMessage };
  const parsed = replySchema.safeParse({ body: text(formData, "body") });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message, field: "body" };
  try {
    const { to } = await replyToMessage(await workspaceDb(), gate.staff, { messageId, body: parsed.data.body, delivery: operatorDelivery() });
    refresh();
    return { ok: true, message: NETWORK.replySent(to) };
  } catch (error) {
    return failed(error);
  }
}

export async function messageStatusAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("message:reply");
  if ("refused" in gate) return gate.refused;
  const messageId = idOf(formData, "message_id");
  const status = text(formData, "intent");
  if (!messageId || !isMessageStatus(status)) return { ok: false, message: NETWORK.unknownMessage };
  try {
    await changeMessageStatus(await workspaceDb(), gate.staff, { messageId, status });
    refresh();
    return { ok: true, message: NETWORK.statusChanged(status) };
  } catch (error) {
    return failed(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Subscribers

export async function removeSubscriberAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed("subscriber:manage");
  if ("refused" in gate) return gate.refused;
  const subscriberId = idOf(formData, "subscriber_id");
  if (!subscriberId) return { ok: false, message: NETWORK.unknownSubscriber };
  try {
    await removeSubscriber(await workspaceDb(), gate.staff, { subscriberId });
  } catch (error) {
    return failed(error);
  }
  // The row is gone with its form: the list says what happened (the address is not repeated in the URL).
  redirect(`${WORKSPACE_PATHS.subscribers}?removed=1`);
}
