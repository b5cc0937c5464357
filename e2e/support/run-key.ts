import { E2E_MARK } from "../../lib/contract/e2e-cleanup";
import { GUARANTEE_SUBMISSION_KEY, SUBMISSION_KEY } from "../../lib/lead-form/storage";
import { E2E_EMAIL_DOMAIN } from "./server";

/**
 * The one mark of what a run saves, so `npm run e2e:cleanup` (the `e2e/cleanup` call with the
 * token) finds it on a deployment and nothing else: every email address a journey types is
 * `e2e-<label>.<time>.<random>@E2E_EMAIL_DOMAIN`, and every submission key it hands the quote
 * flow starts with `e2e-` (lib/contract/e2e-cleanup.ts E2E_MARK).
 */

const random = () => Math.random().toString(36).slice(2, 8);

/** An address no other test uses, carrying the run's mark: `label` says what it is for ("owner.quote.desktop", "applicant"). */
export function runEmail(label: string, { domain = E2E_EMAIL_DOMAIN }: { domain?: string } = {}): string {
  return `${E2E_MARK}${label}.${Date.now()}.${random()}@${domain}`.toLowerCase();
}

/** How the site shows a run's address masked (its first character, then •••): every run address starts with the mark. */
export const MASKED_RUN_EMAIL = `${E2E_MARK.charAt(0)}•••@${E2E_EMAIL_DOMAIN}`;

/** A submission key as the browser makes one (`lead-<32 hex>`, `guarantee-<32 hex>`), with the run's mark in front. */
function runSubmissionKey(kind: "lead" | "guarantee"): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  return `${E2E_MARK}${kind}-${hex}`;
}

/**
 * The quote flow's two submission keys in browser storage, marked: the flow reuses a key it finds
 * (lib/lead-form/storage.ts), so the requests a journey sends carry the mark even once withdrawn.
 */
export function runSubmissionKeys(): Record<string, string> {
  return { [SUBMISSION_KEY]: runSubmissionKey("lead"), [GUARANTEE_SUBMISSION_KEY]: runSubmissionKey("guarantee") };
}
