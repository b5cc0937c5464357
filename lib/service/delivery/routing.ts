import type { NewOutboxMessage, OutboxChannel, OutboxKind } from "../../db/schema";
import { newIdempotencyKey } from "./tokens";

/**
 * Which channels carry which messages, chosen by configuration (README "Delivery"):
 * - to managers (a new request, a withdrawal, a contact-form message): the agent panel's signed
 *   webhook when LEAD_WEBHOOK_URL is set, and email when SMTP_URL is set (both when both are);
 * - to owners and subscribers (the confirmation with the reference, "a manager serves your ZIP
 *   now", the newsletter's confirmation link), applicants (the operator's decision) and the
 *   writers of messages (the operator's reply): email when SMTP_URL is set;
 * - whatever has no channel is written as a file under .data/outbox/, so a fresh machine shows
 *   what would be sent.
 * - to a CDN (the paths a workspace publish changed): PURGE_URL when it is set, else nowhere
 *   (nothing is queued: a file would purge nothing).
 * Each channel gets a row of its own: retried, and delivered at least once, on its own.
 */
export type DeliveryRouting = { managers: OutboxChannel[]; people: OutboxChannel[]; cdn: OutboxChannel[] };

export function deliveryRouting({ smtp, webhook, purge = false }: { smtp: boolean; webhook: boolean; purge?: boolean }): DeliveryRouting {
  const managers: OutboxChannel[] = [...(webhook ? (["webhook"] as const) : []), ...(smtp ? (["email"] as const) : [])];
  return { managers: managers.length ? managers : ["file"], people: smtp ? ["email"] : ["file"], cdn: purge ? ["purge"] : [] };
}

/** A fresh machine: nothing configured, every message a file. */
export const FILES_ONLY: DeliveryRouting = deliveryRouting({ smtp: false, webhook: false });

const AUDIENCE: Record<OutboxKind, keyof DeliveryRouting> = {
  "lead.new": "managers",
  "lead.withdrawn": "managers",
  "contact.message": "managers",
  "lead.confirmation": "people",
  "lead.match_available": "people",
  "newsletter.confirmation": "people",
  "staff.sign_in": "people",
  "proposal.saved": "managers",
  "proposal.summary": "people",
  "request.accepted": "managers",
  "request.accepted.owner": "people",
  "request.declined": "managers",
  "cdn.purge": "cdn",
  "application.approved": "people",
  "application.declined": "people",
  "contact.reply": "people",
  "listing.sign_in": "people",
};

export type MessageSubject = {
  lead_id?: number;
  agent_id?: number;
  contact_id?: number;
  subscription_id?: number;
  /** What the rows do not hold: a link's token (dropped once sent). */
  payload?: Record<string, string>;
};

/** The outbox rows of one message: one per channel of its audience, due now. */
export function outboxRows(kind: OutboxKind, subject: MessageSubject, routing: DeliveryRouting, now: string): NewOutboxMessage[] {
  return routing[AUDIENCE[kind]].map((channel) => ({
    idempotency_key: newIdempotencyKey(),
    kind,
    channel,
    lead_id: subject.lead_id ?? null,
    agent_id: subject.agent_id ?? null,
    contact_id: subject.contact_id ?? null,
    subscription_id: subject.subscription_id ?? null,
    payload: JSON.stringify(subject.payload ?? {}),
    status: "pending",
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  }));
}
