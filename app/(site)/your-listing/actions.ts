"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/contract/errors";
import { PATHS, proposalPath } from "@/lib/contract/routes";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { LISTING_SESSION_COOKIE, listingEditSchema, listingSignInPath, yourListingEditPath, yourListingPath, type ListingEditField, type ListingFormValues } from "@/lib/contract/listing-self-service";
import { allowedOrigins, siteUrl } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { closeListingSession, openListingSession, ownProposalToken, requestListingLink, saveListingEdit, siteListingDb, siteRouting } from "@/lib/service/listing-self-service";
import { parseRecordId } from "@/lib/contract/record-id";

/**
 * The server actions of a manager's own listing. Each is refused unless sent from the site's own
 * pages; the service checks the session's listing itself (another listing's number in a form is
 * refused there), and refuses with a sentence; anything else is unexpected and thrown.
 */
export type LinkState = { ok: boolean; message: string } | null;
export type EditState = { ok: boolean; message: string; errors?: Partial<Record<ListingEditField, string>>; values?: ListingFormValues } | null;

const fromTheSite = async () => isSameOriginRequest(await headers(), allowedOrigins());
const idOf = (formData: FormData, name: string) => parseRecordId(formData.get(name));
const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};
const sessionCookie = async () => (await cookies()).get(LISTING_SESSION_COOKIE)?.value;

/** Mails a sign-in link to the email on the listing: the answer names the masked address, sent or not. */
export async function requestLinkAction(_state: LinkState, formData: FormData): Promise<LinkState> {
  if (!(await fromTheSite())) return { ok: false, message: LISTING_SELF.notFromTheSite };
  const agentId = idOf(formData, "agent_id");
  if (!agentId) return { ok: false, message: LISTING_SELF.unknownListing };
  try {
    const { masked } = await requestListingLink(await siteListingDb(), { agentId, routing: siteRouting() });
    return { ok: true, message: LISTING_SELF.linkSent(masked) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Uses the mailed link once: the session's cookie (httpOnly, signed, this path only), then the manager's page. */
export async function signInAction(formData: FormData): Promise<void> {
  const token = text(formData, "token");
  const session = (await fromTheSite()) ? await openListingSession(await siteListingDb(), { token }) : null;
  if (!session) redirect(`${listingSignInPath(encodeURIComponent(token))}?failed=1`);
  (await cookies()).set(LISTING_SESSION_COOKIE, session.cookie, {
    httpOnly: true,
    secure: siteUrl().startsWith("https://"),
    sameSite: "lax",
    path: PATHS.yourListing,
    expires: session.expires,
  });
  redirect(yourListingEditPath(session.agentId));
}

export async function signOutAction(formData: FormData): Promise<void> {
  const agentId = idOf(formData, "agent_id");
  if (await fromTheSite()) {
    await closeListingSession(await siteListingDb(), { cookie: await sessionCookie() });
    (await cookies()).delete({ name: LISTING_SESSION_COOKIE, path: PATHS.yourListing });
  }
  redirect(agentId ? `${yourListingPath(agentId)}?signed-out=1` : PATHS.home);
}

/** Saves the manager's fields: errors beside their fields and nothing saved, or the change live on the profile. */
export async function saveListingAction(_state: EditState, formData: FormData): Promise<EditState> {
  if (!(await fromTheSite())) return { ok: false, message: LISTING_SELF.notFromTheSite };
  const agentId = idOf(formData, "agent_id");
  if (!agentId) return { ok: false, message: LISTING_SELF.unknownListing };
  const values: ListingFormValues = {
    ...(Object.fromEntries(["management_fee", "leasing_fee", "setup_fee", "renewal_fee", "about", "service_zips"].map((name) => [name, text(formData, name)])) as Omit<ListingFormValues, "categories" | "services">),
    categories: formData.getAll("categories").flatMap((value) => (typeof value === "string" && /^\d{1,3}$/.test(value) ? [Number(value)] : [])),
    services: formData.getAll("services").filter((value): value is string => typeof value === "string"),
  };
  const parsed = listingEditSchema.safeParse({ ...values, categories: values.categories.map(String) });
  if (!parsed.success) {
    const errors: Partial<Record<ListingEditField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as ListingEditField;
      errors[field] ??= issue.message;
    }
    return { ok: false, message: LISTING_SELF.fixFields, errors, values };
  }
  let change;
  try {
    change = await saveListingEdit(await siteListingDb(), { cookie: await sessionCookie(), agentId, edit: parsed.data, routing: siteRouting() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.field ? { ok: false, message: LISTING_SELF.fixFields, errors: { [error.field]: error.message }, values } : { ok: false, message: error.message, values };
  }
  if (!change.changed) return { ok: true, message: LISTING_SELF.nothingChanged, values };
  // The profile, the lists of the cities it is on (before and after), their states and the sitemap render again, as an approval's do.
  for (const path of change.paths) revalidatePath(path);
  return { ok: true, message: LISTING_SELF.saved, values };
}

/** Opens the proposal page of a request sent to this listing, with a fresh private link. */
export async function openProposalAction(formData: FormData): Promise<void> {
  const agentId = idOf(formData, "agent_id");
  const leadId = idOf(formData, "lead_id");
  if (!agentId || !leadId || !(await fromTheSite())) redirect(agentId ? yourListingEditPath(agentId) : PATHS.home);
  let token: string;
  try {
    token = await ownProposalToken(await siteListingDb(), { cookie: await sessionCookie(), agentId, leadId });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    redirect(`${yourListingEditPath(agentId)}?refused=${error.status}`);
  }
  redirect(proposalPath(token));
}
