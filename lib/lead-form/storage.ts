/**
 * The quote flow's browser storage (spec section 3, DESIGN.md section 5): every value is a string
 * in localStorage under the spec's key names; question_answer is a JSON list of
 * { question, answer } where answer is a string or a list of strings.
 */
import type { ExamEntry } from "../contract";

export const LEAD_KEYS = [
  "property_category",
  "property_address",
  "property_city",
  "property_zip",
  "property_price",
  "full_name",
  "email_address",
  "phone_no",
  "preferred_contact_method",
  "question_answer",
] as const;

export type LeadKey = (typeof LEAD_KEYS)[number];
export type LeadValues = Record<LeadKey, string>;

/**
 * Not a spec key: the idempotency key of the lead being submitted, kept so that a retry after a
 * lost answer or a reload sends the same key and the service stores the lead once.
 */
export const SUBMISSION_KEY = "lead_submission_key";

/**
 * Not a spec key either: the idempotency key of the quote-guarantee lead (spec 2.4), a separate
 * lead from the full submission, so it needs its own key.
 */
export const GUARANTEE_SUBMISSION_KEY = "guarantee_submission_key";

/**
 * DESIGN.md 5: the managers the owner chose on /preview (or in the quote-guarantee modal), a JSON
 * list of ids. A lead value: cleared with the others by every clearing rule.
 */
export const SELECTED_AGENTS_KEY = "selected_agents";

/**
 * What lead/save answered (reference, recipients, the private page's path), handed from the
 * submit to /thank-you in sessionStorage: the thank-you page clears every lead value in
 * localStorage when it opens (spec section 3), and this tab-scoped copy is not one of them, so
 * the page can still show the owner their reference, who received the request and its link
 * (also after a reload, until the tab is closed).
 */
export const LEAD_RECEIPT_KEY = "lead_receipt";

export type LeadReceipt = {
  reference: string;
  /** `demo` 1: a sample listing, a company that does not exist (nobody contacts the owner from it). */
  recipients: { agent_id: number; company_name: string; demo?: number }[];
  request_path: string;
  /** How the recipients may reach the owner (the consent sentence's "by phone or email"). */
  contact: { email: boolean; phone: boolean; preferred: string };
  /** lead/save's `confirmation`: "emailed" until the owner confirms the address. */
  confirmation?: "emailed" | "none";
  /** The state of the property's ZIP code (its abbreviation), for the link to that state's law page. */
  state?: string;
  /** The ZIP and category when nobody received it (no manager serves them yet). */
  unserved?: { zip: string; category: string; email: string } | null;
};

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the flow still works within the page
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The chosen managers' ids, or null when the owner has not chosen yet (the key is absent). */
export function readSelectedAgents(): number[] | null {
  const text = storage()?.getItem(SELECTED_AGENTS_KEY);
  if (text === null || text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id) && id > 0) : null;
  } catch {
    return null;
  }
}

export function saveSelectedAgents(ids: readonly number[]): void {
  storage()?.setItem(SELECTED_AGENTS_KEY, JSON.stringify(ids));
}

export function saveLeadReceipt(receipt: LeadReceipt): void {
  sessionStore()?.setItem(LEAD_RECEIPT_KEY, JSON.stringify(receipt));
}

export function readLeadReceipt(): LeadReceipt | null {
  try {
    const parsed = JSON.parse(sessionStore()?.getItem(LEAD_RECEIPT_KEY) ?? "null") as LeadReceipt | null;
    return parsed && typeof parsed.reference === "string" && Array.isArray(parsed.recipients) && typeof parsed.request_path === "string" ? parsed : null;
  } catch {
    return null;
  }
}

export function readLeadValue(key: LeadKey): string {
  return storage()?.getItem(key) ?? "";
}

export function readLeadValues(): LeadValues {
  return Object.fromEntries(LEAD_KEYS.map((key) => [key, readLeadValue(key)])) as LeadValues;
}

export function saveLeadValue(key: LeadKey, value: string): void {
  storage()?.setItem(key, value);
}

export function saveLeadValues(values: Partial<LeadValues>): void {
  for (const [key, value] of Object.entries(values)) saveLeadValue(key as LeadKey, value ?? "");
}

/** The stored answers; anything unreadable counts as no answers. */
export function readAnswers(): ExamEntry[] {
  try {
    const parsed: unknown = JSON.parse(readLeadValue("question_answer") || "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is ExamEntry =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.question === "string" &&
        (typeof entry.answer === "string" || (Array.isArray(entry.answer) && entry.answer.every((a: unknown) => typeof a === "string"))),
    );
  } catch {
    return [];
  }
}

export function saveAnswers(answers: ExamEntry[]): void {
  saveLeadValue("question_answer", JSON.stringify(answers));
}

/** Clears the lead values: all of them, or all but phone_no (the rules are in entry-rules.ts). */
export function clearLeadForm({ keepPhone = false }: { keepPhone?: boolean } = {}): void {
  const store = storage();
  if (!store) return;
  for (const key of LEAD_KEYS) {
    if (keepPhone && key === "phone_no") continue;
    store.removeItem(key);
  }
  store.removeItem(SELECTED_AGENTS_KEY);
  store.removeItem(SUBMISSION_KEY);
  store.removeItem(GUARANTEE_SUBMISSION_KEY);
}

/** The submission key of the lead in progress, made once and reused until the form is cleared. */
export function submissionKey(): string {
  return persistedKey(SUBMISSION_KEY, "lead");
}

/** The quote-guarantee lead's submission key, made once and reused until the form is cleared. */
export function guaranteeSubmissionKey(): string {
  return persistedKey(GUARANTEE_SUBMISSION_KEY, "guarantee");
}

/**
 * Forgets a form's submission key after the service refused it as used for another request
 * (409): the next submit sends this request as a new one.
 */
export function forgetSubmissionKey(kind: "request" | "guarantee"): void {
  storage()?.removeItem(kind === "guarantee" ? GUARANTEE_SUBMISSION_KEY : SUBMISSION_KEY);
}

function persistedKey(storageKey: string, prefix: string): string {
  const store = storage();
  const existing = store?.getItem(storageKey);
  if (existing) return existing;
  // getRandomValues works on plain-HTTP origins too, where randomUUID does not exist.
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const key = `${prefix}-${random}`;
  store?.setItem(storageKey, key);
  return key;
}

