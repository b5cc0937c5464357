import type { Kysely } from "kysely";
import type { Database, OutboxKind, OutboxRow } from "../../db/schema";
import { contactMessageForMessage, leadForMessage, leadRecipientsForMessage, managerContact, subscriptionForMessage } from "../../db/queries/outbox";
import { staffEmailForMessage } from "../../db/queries/staff";
import { categoryLabel, SITE_NAME } from "../../contract/site";
import { leadConfirmPath, newsletterConfirmPath, requestPath } from "../../contract/routes";
import { workspaceSignInPath } from "../../contract/workspace-routes";
import { REQUEST_PAGE, SAMPLE, VERIFICATION } from "../../contract/messages";
import { CONFIRM_MAIL, CONTACT_MAIL, GREETING, MATCH_MAIL, NEWSLETTER_MAIL, NEW_LEAD_MAIL, STAFF_SIGN_IN_MAIL, WITHDRAWN_MAIL } from "../../contract/email-copy";
import { composeProposalMessage, registerProposalLink, withProposalLink } from "./proposal-messages";
import { purgeMessage } from "./purge";
import { composeOperatorMessage, withUnsubscribe } from "./operator-messages";
import { hasUnsubscribed, unsubscribeLinks } from "../unsubscribe";
import { selfServiceListing } from "../../db/queries/listing-self-service";
import { listingSignInMessage } from "./listing-messages";
import { answersOf, formatPhone, type ContactFacts, type LeadFacts, type ManagerFacts, type RecipientFacts, type RenderedMessage } from "./message";

/**
 * What each outbox message says, built when it is sent from the rows it points to (the outbox
 * holds no copy of an owner's details; a withdrawn lead has nothing left to send). renderMessage
 * loads those rows; the functions after it write the email and the webhook's event from them.
 */

/**
 * Loads what an outbox row is about and writes its message; null when there is nothing left to
 * send (the lead was withdrawn, the subscription confirmed, the manager or the token is gone).
 */
export async function renderMessage(db: Kysely<Database>, row: OutboxRow, settings: { siteUrl: string }): Promise<RenderedMessage | null> {
  const rendered = await composeMessage(db, row, settings);
  if (!rendered) return null;
  const { to } = rendered.email;
  // An address that unsubscribed gets no notice it did not just ask for (lib/service/unsubscribe.ts).
  if (NOTICES.has(row.kind) && to && (await hasUnsubscribed(db, { email: to }))) return null;
  const withLink = UNSUBSCRIBABLE.has(row.kind) && to ? withUnsubscribe(rendered, await unsubscribeLinks(db, { email: to, siteUrl: settings.siteUrl })) : rendered;
  return withOneLineHeaders(withLink);
}

/** The newsletter's and the owners' emails: each carries a one-click unsubscribe. */
const UNSUBSCRIBABLE: ReadonlySet<OutboxKind> = new Set<OutboxKind>(["newsletter.confirmation", "lead.confirmation", "lead.match_available", "proposal.summary", "request.accepted.owner"]);
/** Of those, the notices an owner did not just ask for: never sent to an address that unsubscribed. */
const NOTICES: ReadonlySet<OutboxKind> = new Set<OutboxKind>(["lead.match_available", "proposal.summary"]);

/** Line breaks, tabs and every other control character: none may reach a header's value. */
const HEADER_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
const breaksHeader = (value: string) => new RegExp(HEADER_BREAKING.source).test(value);

/**
 * Defence in depth (row L1): the contract refuses a line break in every one-line field,
 * but a row stored before it did, or written by other code, must not add a header (Bcc:) to a
 * message. The subject's breaks become spaces; an address that holds one is not an address: a
 * reply-to is left out and a message to one is not sent.
 */
export function withOneLineHeaders({ email, event }: RenderedMessage): RenderedMessage | null {
  if (breaksHeader(email.to)) return null;
  const { replyTo, ...rest } = email;
  return {
    email: { ...rest, subject: email.subject.replace(HEADER_BREAKING, " ").trim(), ...(replyTo && !breaksHeader(replyTo) ? { replyTo } : {}) },
    event,
  };
}

async function composeMessage(db: Kysely<Database>, row: OutboxRow, { siteUrl }: { siteUrl: string }): Promise<RenderedMessage | null> {
  const payload = JSON.parse(row.payload || "{}") as Record<string, string>;
  switch (row.kind) {
    case "lead.new": {
      const [lead, manager, recipients] = await Promise.all([
        leadForMessage(db, { leadId: row.lead_id! }),
        managerContact(db, { agentId: row.agent_id! }),
        leadRecipientsForMessage(db, { leadId: row.lead_id! }),
      ]);
      const recipient = recipients.find((entry) => entry.agent_id === row.agent_id);
      if (!lead || lead.withdrawn_at || !manager || !recipient) return null;
      const proposalUrl = await registerProposalLink(db, row, payload.proposal_token, siteUrl);
      return withProposalLink(newLeadMessage(lead, manager, recipient, recipients.length), proposalUrl);
    }
    case "lead.confirmation": {
      const [lead, recipients] = await Promise.all([leadForMessage(db, { leadId: row.lead_id! }), leadRecipientsForMessage(db, { leadId: row.lead_id! })]);
      if (!lead || lead.withdrawn_at || !lead.email_address || !payload.token || !payload.confirm_token) return null;
      return confirmationMessage(lead, recipients, { siteUrl, token: payload.token, confirmToken: payload.confirm_token });
    }
    case "lead.withdrawn": {
      const [lead, manager, recipients] = await Promise.all([
        leadForMessage(db, { leadId: row.lead_id! }),
        managerContact(db, { agentId: row.agent_id! }),
        leadRecipientsForMessage(db, { leadId: row.lead_id! }),
      ]);
      if (!lead || !manager) return null;
      return withdrawnMessage(lead, manager, recipients.find((entry) => entry.agent_id === row.agent_id));
    }
    case "lead.match_available": {
      const lead = await leadForMessage(db, { leadId: row.lead_id! });
      if (!lead || lead.withdrawn_at || !lead.email_address || !payload.token) return null;
      return matchAvailableMessage(lead, { siteUrl, token: payload.token, managers: Number(payload.managers ?? 1) });
    }
    case "contact.message": {
      const [contact, manager] = await Promise.all([contactMessageForMessage(db, { contactId: row.contact_id! }), managerContact(db, { agentId: row.agent_id! })]);
      if (!contact || !manager) return null;
      return contactMessage(contact, manager);
    }
    case "newsletter.confirmation": {
      const subscription = await subscriptionForMessage(db, { subscriptionId: row.subscription_id! });
      if (!subscription || subscription.confirmed_at || !payload.token) return null;
      return newsletterConfirmationMessage(subscription.email_address, { siteUrl, token: payload.token });
    }
    case "proposal.saved":
    case "proposal.summary":
    case "request.accepted":
    case "request.accepted.owner":
    case "request.declined":
      return composeProposalMessage(db, row, payload, { siteUrl });
    case "cdn.purge":
      return purgeMessage(payload, { siteUrl });
    case "application.approved":
    case "application.declined":
    case "contact.reply":
      return composeOperatorMessage(db, row, payload, { siteUrl });
    case "staff.sign_in": {
      const email = payload.user_id ? await staffEmailForMessage(db, { userId: payload.user_id }) : null;
      if (!email || !payload.token) return null;
      return staffSignInMessage(email, { siteUrl, token: payload.token });
    }
    case "listing.sign_in": {
      const listing = row.agent_id === null ? undefined : await selfServiceListing(db, { agentId: row.agent_id });
      if (!listing || listing.is_demo === 1 || !payload.token) return null;
      return listingSignInMessage(listing, { siteUrl, token: payload.token });
    }
  }
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
const category = (id: number) => categoryLabel(id) ?? "Property";
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ", ");


function propertyLines(lead: LeadFacts): string[] {
  return [
    `Reference: ${lead.reference}`,
    `Property type: ${category(lead.property_category)}`,
    `Address: ${oneLine(lead.property_address)}, ${lead.property_city} ${lead.property_zip}`,
    ...(lead.price ? [NEW_LEAD_MAIL.namedPrice(lead.price)] : []),
  ];
}

/** Whether the owner's contact details were confirmed, for the managers. */
function verificationOf(lead: LeadFacts): { key: string; text: string } {
  if (lead.email_confirmed_at) return { key: "email_confirmed", text: NEW_LEAD_MAIL.emailConfirmed(when(lead.email_confirmed_at)) };
  if (!lead.email_address) return { key: "phone_not_verified", text: NEW_LEAD_MAIL.phoneNotVerified };
  return { key: "email_not_confirmed", text: VERIFICATION.emailNotConfirmed };
}

/** A new request, to one manager the owner chose. */
export function newLeadMessage(lead: LeadFacts, manager: ManagerFacts, recipient: RecipientFacts, recipientCount: number): RenderedMessage {
  const others = recipientCount - 1;
  const answers = answersOf(lead.exam);
  const verification = verificationOf(lead);
  const owner = [
    `Contact details: ${verification.text}`,
    `Name: ${lead.full_name || NEW_LEAD_MAIL.notGiven}`,
    `Email: ${lead.email_address || NEW_LEAD_MAIL.notGiven}`,
    `Phone: ${lead.property_number ? formatPhone(lead.property_number) : NEW_LEAD_MAIL.notGiven}`,
    ...(lead.preferred_contact_method ? [`Preferred contact method: ${lead.preferred_contact_method}`] : []),
  ];
  const text = [
    GREETING.named(manager.company_name),
    "",
    NEW_LEAD_MAIL.chosen(manager.company_name, others),
    "",
    ...propertyLines(lead),
    "",
    ...owner,
    ...(answers.length ? ["", NEW_LEAD_MAIL.aboutProperty, ...answers.map((entry) => `- ${entry.question} ${entry.answer}`)] : []),
    "",
    NEW_LEAD_MAIL.consent(when(recipient.consented_at), recipient.consent_version),
    `"${recipient.consent_text}"`,
    "",
    NEW_LEAD_MAIL.duty,
  ].join("\n");
  return {
    email: {
      to: manager.email,
      subject: NEW_LEAD_MAIL.subject(lead.reference, category(lead.property_category), lead.property_city, lead.property_zip),
      text,
      ...(lead.email_address ? { replyTo: lead.email_address } : {}),
    },
    event: {
      type: "lead.new",
      data: {
        reference: lead.reference,
        agent_id: manager.id,
        company_name: manager.company_name,
        submitted_at: lead.created_at,
        property: {
          category_id: lead.property_category,
          category: category(lead.property_category),
          address: lead.property_address,
          city: lead.property_city,
          zip: lead.property_zip,
        },
        owner: {
          full_name: lead.full_name,
          email_address: lead.email_address,
          phone: lead.property_number,
          preferred_contact_method: lead.preferred_contact_method,
        },
        named_price: lead.price ? Number(lead.price) : null,
        verification: verification.key,
        email_confirmed_at: lead.email_confirmed_at ?? null,
        answers,
        consent: { version: recipient.consent_version, text: recipient.consent_text, consented_at: recipient.consented_at },
      },
    },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A link styled as a button (inline styles: mail programs drop style sheets). */
const htmlButton = (href: string, label: string, primary: boolean) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none;${
    primary ? "background:#1d4ed8;color:#ffffff;" : "background:#ffffff;color:#1d4ed8;border:1px solid #1d4ed8;"
  }">${escapeHtml(label)}</a>`;

const htmlDocument = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:600px;margin:0 auto;padding:16px">${body}</body></html>`;

/** A chosen firm as the owner is told of it: a sample listing named as one. */
const recipientLine = (recipient: Pick<RecipientFacts, "company_name" | "demo">) =>
  recipient.demo === 1 ? `${recipient.company_name} (${SAMPLE.recipient.replace(/\.$/, "")})` : recipient.company_name;

/**
 * To an address that has not confirmed: only what the site wrote, as text and as HTML
 * with buttons. The reference, the chosen managers' names as the directory has them
 * (sample listings named as such), who asked from where in the site's own words (the site's quote
 * form, the site's address), the confirmation link and the private page; nothing the visitor
 * typed (no name, no city, no address, no answer), since anybody may have typed this address.
 */
export function confirmationMessage(
  lead: Pick<LeadFacts, "reference" | "email_address">,
  recipients: Pick<RecipientFacts, "company_name" | "demo">[],
  { siteUrl, token, confirmToken }: { siteUrl: string; token: string; confirmToken: string },
): RenderedMessage {
  const confirmUrl = `${siteUrl}${leadConfirmPath(confirmToken)}`;
  const pageUrl = `${siteUrl}${requestPath(token)}`;
  const site = `${SITE_NAME} (${new URL(siteUrl).host})`;
  const chosen = recipients.length > 0;
  const samples = recipients.filter((recipient) => recipient.demo === 1).length;
  const subject = CONFIRM_MAIL.subject(lead.reference);
  const intro = CONFIRM_MAIL.intro(lead.reference, site);
  const who = CONFIRM_MAIL.who(chosen);
  const allSamples = chosen && samples === recipients.length ? CONFIRM_MAIL.allSamples : "";
  const until = CONFIRM_MAIL.until(chosen);
  const confirmLabel = CONFIRM_MAIL.confirmLabel(chosen);
  const pageLabel = CONFIRM_MAIL.pageLabel;
  const notYou = CONFIRM_MAIL.notYou;

  const text = [
    GREETING.anyone,
    "",
    intro,
    "",
    who,
    ...recipients.map((recipient) => `- ${recipientLine(recipient)}`),
    ...(allSamples ? ["", allSamples] : []),
    "",
    `${until} ${confirmLabel}:`,
    confirmUrl,
    "",
    notYou,
    "",
    CONFIRM_MAIL.onPrivatePage(pageLabel),
    pageUrl,
    "",
    REQUEST_PAGE.keepLinkPrivate,
  ].join("\n");

  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = htmlDocument(
    subject,
    [
      paragraph(GREETING.anyone),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(who)),
      chosen ? `<ul style="margin:0 0 16px;padding-left:20px">${recipients.map((recipient) => `<li>${escapeHtml(recipientLine(recipient))}</li>`).join("")}</ul>` : "",
      allSamples ? paragraph(escapeHtml(allSamples)) : "",
      paragraph(escapeHtml(until)),
      paragraph(htmlButton(confirmUrl, confirmLabel, true)),
      paragraph(escapeHtml(notYou)),
      paragraph(htmlButton(pageUrl, pageLabel, false)),
      paragraph(`<small>${escapeHtml(REQUEST_PAGE.keepLinkPrivate)}</small>`),
    ].join(""),
  );
  return {
    email: { to: lead.email_address, subject, text, html },
    event: { type: "lead.confirmation", data: { reference: lead.reference } },
  };
}

/** To each manager who received a request the owner then withdrew. */
export function withdrawnMessage(lead: LeadFacts, manager: ManagerFacts, recipient: RecipientFacts | undefined): RenderedMessage {
  const sentOn = recipient ? when(recipient.consented_at) : null;
  const text = [
    GREETING.named(manager.company_name),
    "",
    WITHDRAWN_MAIL.withdrew(lead.reference, `${category(lead.property_category)} in ${lead.property_city} ${lead.property_zip}`, sentOn),
    "",
    WITHDRAWN_MAIL.erase,
  ].join("\n");
  return {
    email: { to: manager.email, subject: WITHDRAWN_MAIL.subject(lead.reference), text },
    event: { type: "lead.withdrawn", data: { reference: lead.reference, agent_id: manager.id, withdrawn_at: lead.withdrawn_at } },
  };
}

/** To an owner whose ZIP nobody served: somebody does now; the owner chooses on the request page. */
export function matchAvailableMessage(lead: LeadFacts, { siteUrl, token, managers }: { siteUrl: string; token: string; managers: number }): RenderedMessage {
  const text = [
    GREETING.anyone,
    "",
    MATCH_MAIL.servedNow(lead.reference, lead.property_zip, category(lead.property_category), managers),
    "",
    MATCH_MAIL.choose,
    `${siteUrl}${requestPath(token)}`,
  ].join("\n");
  return {
    email: { to: lead.email_address, subject: MATCH_MAIL.subject(lead.property_zip), text },
    event: { type: "lead.match_available", data: { reference: lead.reference } },
  };
}

/** A profile's "Get In Touch" message, to that manager. */
export function contactMessage(contact: ContactFacts, manager: ManagerFacts): RenderedMessage {
  const text = [
    GREETING.named(manager.company_name),
    "",
    CONTACT_MAIL.intro(contact.name),
    "",
    contact.message,
    "",
    `Name: ${contact.name}`,
    `Email: ${contact.email}`,
    ...(contact.mobile ? [`Phone: ${formatPhone(contact.mobile)}`] : []),
    "",
    CONTACT_MAIL.reply,
  ].join("\n");
  return {
    email: { to: manager.email, subject: CONTACT_MAIL.subject(contact.name), text, replyTo: contact.email },
    event: {
      type: "contact.message",
      data: { agent_id: manager.id, name: contact.name, email: contact.email, phone: contact.mobile, message: contact.message, sent_at: contact.created_at },
    },
  };
}

/** Double opt-in: the link that makes a subscription count. */
export function newsletterConfirmationMessage(email: string, { siteUrl, token }: { siteUrl: string; token: string }): RenderedMessage {
  const text = [
    GREETING.anyone,
    "",
    NEWSLETTER_MAIL.confirm,
    `${siteUrl}${newsletterConfirmPath(token)}`,
    "",
    NEWSLETTER_MAIL.ignore,
  ].join("\n");
  return {
    email: { to: email, subject: NEWSLETTER_MAIL.subject, text },
    event: { type: "newsletter.confirmation", data: {} },
  };
}

/** A staff member's sign-in link to the marketers' workspace (it opens a page whose button signs in). */
export function staffSignInMessage(email: string, { siteUrl, token }: { siteUrl: string; token: string }): RenderedMessage {
  const text = [
    GREETING.anyone,
    "",
    STAFF_SIGN_IN_MAIL.open,
    `${siteUrl}${workspaceSignInPath(token)}`,
    "",
    STAFF_SIGN_IN_MAIL.once,
  ].join("\n");
  return {
    email: { to: email, subject: STAFF_SIGN_IN_MAIL.subject, text },
    event: { type: "staff.sign_in", data: {} },
  };
}
