import type { OutboxKind } from "../../db/schema";
import type { LeadRecord } from "../../db/queries/leads";

/**
 * What an outbox message is made of: the email and the event every message kind writes, the
 * facts they are written from, and the small formats they share. Its own module, under every
 * writer (render.ts and the proposal, operator and purge messages), so none imports another's.
 */
/**
 * `html`, when given, is the same message as `text` for mail programs that show HTML (multipart/alternative).
 * `unsubscribe`: the page of the link in the text, and the one-click URL of the List-Unsubscribe header (RFC 8058).
 */
type EmailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string; unsubscribe?: { page: string; oneClick: string } };
/** The agent panel's event: `type` is the message kind, `data` what the panel needs. */
type WebhookEvent = { type: OutboxKind; data: Record<string, unknown> };
export type RenderedMessage = { email: EmailMessage; event: WebhookEvent };

/** The lead as the outbox reads it when a message goes out (one read, one shape). */
export type LeadFacts = Omit<LeadRecord, "id" | "awaiting_match_since"> & { awaiting_match_since?: string | null };
export type RecipientFacts = { agent_id: number; company_name: string; consent_version: string; consent_text: string; consented_at: string; demo?: number };
export type ManagerFacts = { id: number; company_name: string; email: string };
export type ContactFacts = { name: string; email: string; mobile: string; message: string; created_at: string };

/** A phone number as messages write it: (512) 555-0100. */
export const formatPhone = (digits: string) => (/^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits);

/** The answers of a lead's questionnaire (its `exam` JSON), each a question and its answer. */
export function answersOf(exam: string): { question: string; answer: string }[] {
  try {
    const parsed: unknown = JSON.parse(exam);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) => {
      const answer = Array.isArray(entry?.answer) ? entry.answer.join(", ") : typeof entry?.answer === "string" ? entry.answer : "";
      return typeof entry?.question === "string" && answer.trim() ? [{ question: entry.question, answer }] : [];
    });
  } catch {
    return [];
  }
}
