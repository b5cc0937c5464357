import type { Kysely } from "kysely";
import type { Database, OutboxKind, OutboxRow } from "../../db/schema";
import { contactMessageForMessage, leadForMessage, leadRecipientsForMessage, managerContact, subscriptionForMessage } from "../../db/queries/outbox";
import { staffEmailForMessage } from "../../db/queries/staff";
import { categoryLabel, SITE_NAME } from "../../contract/site";
import { leadConfirmPath, newsletterConfirmPath, requestPath } from "../../contract/routes";
import { workspaceSignInPath } from "../../contract/workspace-routes";
import { SIGN_IN_LINK_MINUTES } from "../../contract/staff";
import { CONFIRM, REQUEST_PAGE, SAMPLE, VERIFICATION } from "../../contract/messages";
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
    ...(lead.price ? [`Named price (quote guarantee): $${lead.price} a month`] : []),
  ];
}

/** Whether the owner's contact details were confirmed, for the managers. */
function verificationOf(lead: LeadFacts): { key: string; text: string } {
  if (lead.email_confirmed_at) return { key: "email_confirmed", text: `${VERIFICATION.emailConfirmed} (the owner opened the link we emailed them, ${when(lead.email_confirmed_at)})` };
  if (!lead.email_address) return { key: "phone_not_verified", text: `${VERIFICATION.phoneNotVerified} (no email address was given; nobody confirmed these details)` };
  return { key: "email_not_confirmed", text: VERIFICATION.emailNotConfirmed };
}

/** A new request, to one manager the owner chose. */
export function newLeadMessage(lead: LeadFacts, manager: ManagerFacts, recipient: RecipientFacts, recipientCount: number): RenderedMessage {
  const others = recipientCount - 1;
  const answers = answersOf(lead.exam);
  const verification = verificationOf(lead);
  const owner = [
    `Contact details: ${verification.text}`,
    `Name: ${lead.full_name || "not given"}`,
    `Email: ${lead.email_address || "not given"}`,
    `Phone: ${lead.property_number ? formatPhone(lead.property_number) : "not given"}`,
    ...(lead.preferred_contact_method ? [`Preferred contact method: ${lead.preferred_contact_method}`] : []),
  ];
  const text = [
    `Hello ${manager.company_name},`,
    "",
    `An owner chose ${manager.company_name} to receive their request for property management on ${SITE_NAME}. ${
      others <= 0 ? "Nobody else received it." : `${others === 1 ? "One other manager" : `${others} other managers`} received it too, as the owner was told.`
    }`,
    "",
    ...propertyLines(lead),
    "",
    ...owner,
    ...(answers.length ? ["", "About the property:", ...answers.map((entry) => `- ${entry.question} ${entry.answer}`)] : []),
    "",
    `The owner agreed to this when sending the request (${when(recipient.consented_at)}, consent version ${recipient.consent_version}):`,
    `"${recipient.consent_text}"`,
    "",
    "Please contact the owner only about this request and pass their details to nobody. If the owner withdraws the request, we will tell you, and you must then delete their details.",
  ].join("\n");
  return {
    email: {
      to: manager.email,
      subject: `New request ${lead.reference}: ${category(lead.property_category)} in ${lead.property_city} ${lead.property_zip}`,
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
  const subject = `Confirm your request ${lead.reference} on ${SITE_NAME}`;
  const intro = `Please confirm your request ${lead.reference} for property management quotes. It was entered in the quote form on ${site} with this email address as the property owner's contact.`;
  const who = chosen ? "It is to go to:" : "Nobody has been chosen to receive it yet.";
  const allSamples = chosen && samples === recipients.length ? "Every company chosen is a sample listing: nobody will contact you about this request." : "";
  const until = `Nobody receives it until you confirm. ${chosen ? "To send it" : "To confirm your address"}, open the page below and press its button.`;
  const confirmLabel = chosen ? "Review and send my request" : "Confirm my email address";
  const pageLabel = "See or withdraw my request";
  const notYou = `The link works for ${CONFIRM.linkDays} days and sends every request waiting for this address. If you did not ask for this, ignore this email: nothing is sent, we email this address at most once a day, and the request is erased after ${CONFIRM.linkDays} days.`;

  const text = [
    "Hello,",
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
    `${pageLabel} on its private page:`,
    pageUrl,
    "",
    REQUEST_PAGE.keepLinkPrivate,
  ].join("\n");

  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = htmlDocument(
    subject,
    [
      paragraph("Hello,"),
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
  const sentOn = recipient ? ` sent to you on ${when(recipient.consented_at)}` : "";
  const text = [
    `Hello ${manager.company_name},`,
    "",
    `The owner withdrew request ${lead.reference} (${category(lead.property_category)} in ${lead.property_city} ${lead.property_zip})${sentOn}.`,
    "",
    "Please delete the owner's name, email, phone number and address, and do not contact them about this request. We have erased them on our side.",
  ].join("\n");
  return {
    email: { to: manager.email, subject: `Request ${lead.reference} withdrawn`, text },
    event: { type: "lead.withdrawn", data: { reference: lead.reference, agent_id: manager.id, withdrawn_at: lead.withdrawn_at } },
  };
}

/** To an owner whose ZIP nobody served: somebody does now; the owner chooses on the request page. */
export function matchAvailableMessage(lead: LeadFacts, { siteUrl, token, managers }: { siteUrl: string; token: string; managers: number }): RenderedMessage {
  const text = [
    "Hello,",
    "",
    `When you sent request ${lead.reference}, no property manager served ZIP ${lead.property_zip} for ${category(lead.property_category)} properties. ${managers === 1 ? "One does" : `${managers} do`} now.`,
    "",
    "Choose who receives your request on its private page (nobody receives it until you choose):",
    `${siteUrl}${requestPath(token)}`,
  ].join("\n");
  return {
    email: { to: lead.email_address, subject: `A property manager now serves ZIP ${lead.property_zip}`, text },
    event: { type: "lead.match_available", data: { reference: lead.reference } },
  };
}

/** A profile's "Get In Touch" message, to that manager. */
export function contactMessage(contact: ContactFacts, manager: ManagerFacts): RenderedMessage {
  const text = [
    `Hello ${manager.company_name},`,
    "",
    `${contact.name} sent you a message through your profile on ${SITE_NAME}:`,
    "",
    contact.message,
    "",
    `Name: ${contact.name}`,
    `Email: ${contact.email}`,
    ...(contact.mobile ? [`Phone: ${formatPhone(contact.mobile)}`] : []),
    "",
    "Reply to this email to answer them. Please use their details only to answer this message.",
  ].join("\n");
  return {
    email: { to: manager.email, subject: `Message from ${contact.name} through ${SITE_NAME}`, text, replyTo: contact.email },
    event: {
      type: "contact.message",
      data: { agent_id: manager.id, name: contact.name, email: contact.email, phone: contact.mobile, message: contact.message, sent_at: contact.created_at },
    },
  };
}

/** Double opt-in: the link that makes a subscription count. */
export function newsletterConfirmationMessage(email: string, { siteUrl, token }: { siteUrl: string; token: string }): RenderedMessage {
  const text = [
    "Hello,",
    "",
    `Please confirm that you want the ${SITE_NAME} newsletter at this address by opening this link:`,
    `${siteUrl}${newsletterConfirmPath(token)}`,
    "",
    "If you did not ask for it, ignore this email: without your confirmation nothing more is sent.",
  ].join("\n");
  return {
    email: { to: email, subject: `Confirm your ${SITE_NAME} newsletter subscription`, text },
    event: { type: "newsletter.confirmation", data: {} },
  };
}

/** A staff member's sign-in link to the marketers' workspace (it opens a page whose button signs in). */
export function staffSignInMessage(email: string, { siteUrl, token }: { siteUrl: string; token: string }): RenderedMessage {
  const text = [
    "Hello,",
    "",
    `Open this link to sign in to the ${SITE_NAME} workspace, then press "Sign in" on the page it opens:`,
    `${siteUrl}${workspaceSignInPath(token)}`,
    "",
    `The link works once, within ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: nobody can sign in without opening it.`,
  ].join("\n");
  return {
    email: { to: email, subject: `Sign in to the ${SITE_NAME} workspace`, text },
    event: { type: "staff.sign_in", data: {} },
  };
}
