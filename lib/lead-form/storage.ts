/**
 * The quote flow's browser storage (spec section 3, DESIGN.md section 5): every value is a string
 * in localStorage under the spec's key names; question_answer is a JSON list of
 * { question, answer } where answer is a string or a list of strings.
 */
import type { ExamEntry } from "../api/contract";

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

/** The bearer token of spec section 6. */
export const TOKEN_KEY = "token";

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the flow still works within the page
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

/**
 * The clearing rules of spec section 3. "all": every lead value including phone_no (home,
 * thank-you, and the pages that "clear the lead values"); "keepPhone": all but phone_no (about,
 * our mission, resource center, careers).
 */
export type ClearingRule = "all" | "keepPhone";

export function clearLeadForm({ keepPhone = false }: { keepPhone?: boolean } = {}): void {
  const store = storage();
  if (!store) return;
  for (const key of LEAD_KEYS) {
    if (keepPhone && key === "phone_no") continue;
    store.removeItem(key);
  }
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

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}
