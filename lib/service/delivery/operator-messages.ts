import type { Kysely } from "kysely";
import type { Database, OutboxRow } from "../../db/schema";
import { getApplication, getReply, listingPlace } from "../../db/queries/operator";
import { contactMessageForMessage } from "../../db/queries/outbox";
import { SITE_NAME } from "../../contract/site";
import { agentPath } from "../../contract/routes";
import { APPLICANT_MAIL, REPLY_MAIL, UNSUBSCRIBE } from "../../contract/operator-messages";
import type { RenderedMessage } from "./message";

/**
 * The messages of the operator's tasks, written when they are sent like every other (render.ts):
 * the applicant's answer at each decision, a reply to a message, and the unsubscribe link that
 * every newsletter and owner email carries.
 */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** application.approved, application.declined and contact.reply; null when there is nothing left to say. */
export async function composeOperatorMessage(db: Kysely<Database>, row: OutboxRow, payload: Record<string, string>, { siteUrl }: { siteUrl: string }): Promise<RenderedMessage | null> {
  if (row.kind === "contact.reply") {
    const [contact, reply] = await Promise.all([
      row.contact_id === null ? undefined : contactMessageForMessage(db, { contactId: row.contact_id }),
      payload.reply_id ? getReply(db, { id: Number(payload.reply_id) }) : undefined,
    ]);
    if (!contact || !reply || reply.contact_id !== contact.id) return null;
    return replyMessage(contact, reply);
  }
  const application = payload.application_id ? await getApplication(db, { id: Number(payload.application_id) }) : undefined;
  if (!application) return null;
  const replyTo = payload.reply_to || undefined;
  if (row.kind === "application.declined") {
    if (application.status !== "declined" || !application.decline_reason) return null;
    return declinedMessage(application, replyTo);
  }
  if (application.status !== "approved" || application.agent_id === null) return null;
  const listing = await listingPlace(db, { agentId: application.agent_id });
  if (!listing) return null;
  const url = `${siteUrl}${agentPath({ state: listing.state, city_slug: listing.city_slug, agent_id: listing.id })}`;
  return approvedMessage(application, { url, company: listing.company_name, linked: payload.linked === "1" }, replyTo);
}

type Applicant = { company_name: string; email: string; contact_name: string | null };

function approvedMessage(application: Applicant, { url, company, linked }: { url: string; company: string; linked: boolean }, replyTo?: string): RenderedMessage {
  const text = [
    APPLICANT_MAIL.greeting(application.contact_name ?? ""),
    "",
    linked ? APPLICANT_MAIL.linked(company, SITE_NAME) : APPLICANT_MAIL.approved(company, SITE_NAME),
    url,
    "",
    APPLICANT_MAIL.approvedChanges,
  ].join("\n");
  return {
    email: { to: application.email, subject: APPLICANT_MAIL.approvedSubject(SITE_NAME), text, ...(replyTo ? { replyTo } : {}) },
    event: { type: "application.approved", data: { company_name: company, url } },
  };
}

function declinedMessage(application: Applicant & { decline_reason: string | null }, replyTo?: string): RenderedMessage {
  const text = [
    APPLICANT_MAIL.greeting(application.contact_name ?? ""),
    "",
    APPLICANT_MAIL.declined(application.company_name, SITE_NAME),
    "",
    application.decline_reason ?? "",
    "",
    APPLICANT_MAIL.declinedAgain,
  ].join("\n");
  return {
    email: { to: application.email, subject: APPLICANT_MAIL.declinedSubject(SITE_NAME), text, ...(replyTo ? { replyTo } : {}) },
    event: { type: "application.declined", data: { company_name: application.company_name } },
  };
}

function replyMessage(contact: { name: string; email: string; message: string; created_at: string }, reply: { body: string; reply_to: string }): RenderedMessage {
  const quoted = contact.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [REPLY_MAIL.greeting(contact.name), "", reply.body, "", REPLY_MAIL.quoted(when(contact.created_at)), quoted].join("\n");
  return {
    email: { to: contact.email, subject: REPLY_MAIL.subject(SITE_NAME), text, replyTo: reply.reply_to },
    event: { type: "contact.reply", data: {} },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A message with its unsubscribe link: a last paragraph in the text (and in the HTML, when there
 * is one), and the List-Unsubscribe headers the channels write (RFC 8058).
 */
export function withUnsubscribe(message: RenderedMessage, links: { page: string; oneClick: string }): RenderedMessage {
  const line = UNSUBSCRIBE.mailLine(SITE_NAME);
  const text = `${message.email.text}\n\n${line}\n${links.page}`;
  const paragraph = `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(line)} <a href="${escapeHtml(links.page)}">${escapeHtml(UNSUBSCRIBE.button)}</a></p>`;
  const html = message.email.html?.includes("</body>") ? message.email.html.replace("</body>", `${paragraph}</body>`) : message.email.html;
  return { ...message, email: { ...message.email, text, ...(html ? { html } : {}), unsubscribe: links } };
}
