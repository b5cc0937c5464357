import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { migrateToLatest, openDatabase } from "../../lib/db/connection";
import type { LeadRequest } from "../../lib/contract";
import { CONFIRM } from "../../lib/contract/messages";
import { leadConfirmPath } from "../../lib/contract/routes";
import { findConfirmationLink, waitingLeadsOfEmail } from "../../lib/db/queries/confirmations";
import { hashToken } from "../../lib/service/delivery/tokens";
import { CONFIRMATION_VALID_MS } from "../../lib/service/confirmations";
import { callApi, createAgent } from "./http";

/**
 * Lead bursts for the reliability suites: many submissions in flight at once, each with its own
 * submission key, and the checks that tell what the database kept of them.
 */

/**
 * The owner's address of a submission: one of its own per key, since an address that has not
 * confirmed gets one confirmation email a day and a burst's every lead is to be mailed.
 */
export const ownerEmailOf = (submissionKey: string) => `owner.${submissionKey.toLowerCase()}@example.org`;

/** Whether an address is the owner's of a submission key that starts with `prefix`. */
export const isOwnerOfPrefix = (prefix: string) => (address: string) => address.startsWith(`owner.${prefix.toLowerCase()}`) && address.endsWith("@example.org");

/** A full quote submission, varied a little by its index, from the owner of its key. */
export function leadBody(submissionKey: string, index: number): LeadRequest {
  return {
    submission_key: submissionKey,
    property_category: ([1, 2, 3, 8] as const)[index % 4],
    property_address: `${100 + index} Congress Avenue`,
    property_city: "Austin",
    property_zip: "78701",
    property_price: String(150_000 + index * 100),
    full_name: `Burst Owner ${index}`,
    email_address: ownerEmailOf(submissionKey),
    property_number: "5125550147",
    preferred_contact_method: index % 2 ? "Phone" : "Email",
    price: "",
    exam: [
      { question: "How many units are in the building?", answer: "5-10 units" },
      { question: "Which services do you want?", answer: ["Rent collection", "Maintenance coordination"] },
    ],
  };
}

/** Keys that sort in submission order and share a prefix (no "_" or "%": it is used in LIKE). */
export function submissionKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(5, "0")}`);
}

export type BurstResult = {
  /** Keys answered with HTTP 200 and success: true. */
  acknowledged: Set<string>;
  /** How many 200/success answers came back (a key sent twice counts twice). */
  acknowledgements: number;
  /** What the other submissions got: "HTTP 500", "ECONNRESET"… with their counts. */
  otherOutcomes: Record<string, number>;
  durationMs: number;
};

/**
 * Sends every key's lead at once (all are pending promises; the agent keeps `maxSockets` of them
 * on the wire) with the bearer token, so the rate limit does not apply.
 */
export async function sendLeadBurst({
  baseUrl,
  token,
  keys,
  maxSockets = 128,
  onAcknowledged,
  body = leadBody,
}: {
  baseUrl: string;
  token: string;
  keys: string[];
  maxSockets?: number;
  /** Each key's lead (leadBody by default). */
  body?: (submissionKey: string, index: number) => LeadRequest;
  /** Called after each acknowledgement with the number so far. */
  onAcknowledged?: (acknowledgements: number) => void;
}): Promise<BurstResult> {
  const agent = createAgent(maxSockets);
  const acknowledged = new Set<string>();
  const otherOutcomes: Record<string, number> = {};
  let acknowledgements = 0;
  const started = performance.now();

  await Promise.all(
    keys.map(async (key, index) => {
      let outcome: string;
      try {
        const answer = await callApi(baseUrl, "lead/save", body(key, index), { token, agent, timeoutMs: 120_000 });
        if (answer.status === 200 && answer.body.success === true) {
          acknowledged.add(key);
          acknowledgements += 1;
          onAcknowledged?.(acknowledgements);
          return;
        }
        outcome = `HTTP ${answer.status}`;
      } catch (error) {
        outcome = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      otherOutcomes[outcome] = (otherOutcomes[outcome] ?? 0) + 1;
    }),
  );
  agent.destroy();
  return { acknowledged, acknowledgements, otherOutcomes, durationMs: Math.round(performance.now() - started) };
}

/** How many rows each submission key with this prefix has, read on a fresh connection. */
export async function leadRowsByKey(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom("leads")
      .select((eb) => ["submission_key", eb.fn.countAll<number>().as("rows")])
      .where("submission_key", "like", `${prefix}%`)
      .groupBy("submission_key")
      .execute();
    return new Map(rows.map((row) => [row.submission_key ?? "", Number(row.rows)]));
  } finally {
    await handle.close();
  }
}

/** Checks a burst against the stored rows: what is missing, what is stored twice, the total. */
export function compareWithStored(expectedKeys: Iterable<string>, stored: Map<string, number>) {
  const missing = [...expectedKeys].filter((key) => !stored.has(key));
  const duplicated = [...stored].filter(([, rows]) => rows !== 1).map(([key, rows]) => `${key} ×${rows}`);
  const totalRows = [...stored.values()].reduce((sum, rows) => sum + rows, 0);
  return { missing, duplicated, totalRows };
}

/** Opens the database on a fresh connection and applies what is pending: nothing, when it is intact. */
export async function migrationsAppliedOnOpen(databaseUrl: string): Promise<string[]> {
  const handle = openDatabase(databaseUrl);
  try {
    return await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

/** `PRAGMA integrity_check` on a SQLite database URL (file:…), on a connection of its own. */
export function sqliteIntegrityCheck(databaseUrl: string): string {
  const sqlite = new BetterSqlite3(databaseUrl.replace(/^file:(\/\/)?/, ""));
  try {
    const rows = sqlite.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    sqlite.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Double opt-in: a lead with an email address reaches its managers once the owner
// opens the mailed link and presses its button (lead/confirm). Here the owner's mailbox is the
// SMTP receiver, the outbox folder's .eml files or, while no worker sent the mail, its outbox row.

const CONFIRM_LINK = new RegExp(`${leadConfirmPath("")}([A-Za-z0-9_-]{22})`);

/** The confirmation link's token in a mail's text (none: not a confirmation mail). */
export function confirmTokenInMail(text: string): string | undefined {
  return CONFIRM_LINK.exec(text)?.[1];
}

/** Each owner's confirmation token as written to `dir` (the .eml files of the file channel), by the owner's address. */
export function confirmTokensInOutboxDir(dir: string, owners: (address: string) => boolean): Map<string, string> {
  const byOwner = new Map<string, string>();
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith("lead-confirmation.eml")) : [];
  for (const name of names) {
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    const to = /^To: (.+)$/m.exec(text)?.[1].trim() ?? "";
    const token = confirmTokenInMail(text);
    if (token && owners(to)) byOwner.set(to, token);
  }
  return byOwner;
}

/**
 * The confirmation tokens of the leads whose submission keys start with `prefix`, by key, from
 * their "lead.confirmation" rows: a row keeps its token until it is sent, so only where no worker
 * delivers. One token per lead that was mailed.
 */
export async function confirmTokensByKey(databaseUrl: string, prefix: string): Promise<Map<string, string>> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom("outbox_messages")
      .innerJoin("leads", "leads.id", "outbox_messages.lead_id")
      .select(["leads.submission_key", "outbox_messages.payload"])
      .where("leads.submission_key", "like", `${prefix}%`)
      .where("outbox_messages.kind", "=", "lead.confirmation")
      .execute();
    const byKey = new Map<string, string>();
    for (const row of rows) {
      const token = (JSON.parse(row.payload) as { confirm_token?: string }).confirm_token;
      if (!token) throw new Error(`The confirmation of ${row.submission_key} has no token left (sent already?)`);
      byKey.set(row.submission_key ?? "", token);
    }
    return byKey;
  } finally {
    await handle.close();
  }
}

export type ConfirmResult = {
  /** Links whose press sent its one request (CONFIRM.sent(1)). */
  sent: number;
  /** Links pressed again: answered CONFIRM.alreadySent, nothing sent. */
  alreadySent: number;
  /** Anything else: "HTTP 404", "ECONNRESET", an unexpected message… with their counts. */
  otherOutcomes: Record<string, number>;
  durationMs: number;
};

/**
 * What each link's confirmation page lists (the references of its mailbox's waiting requests),
 * read as the page reads it (lead/confirmation is the page's own server-side call, not an HTTP one).
 */
async function waitingReferences(databaseUrl: string, confirmTokens: string[]): Promise<Map<string, string[]>> {
  const handle = openDatabase(databaseUrl);
  try {
    const since = new Date(Date.now() - CONFIRMATION_VALID_MS).toISOString();
    const listings = new Map<string, string[]>();
    for (const confirmToken of new Set(confirmTokens)) {
      const link = await findConfirmationLink(handle.db, { tokenHash: hashToken(confirmToken) });
      const waiting = link ? await waitingLeadsOfEmail(handle.db, { emailKey: link.email_key, since }) : [];
      listings.set(confirmToken, waiting.map((lead) => lead.reference));
    }
    return listings;
  } finally {
    await handle.close();
  }
}

/** Presses every link's button at once (lead/confirm), with the bearer token like the bursts' saves. */
export async function confirmLeads({ baseUrl, token, confirmTokens, databaseUrl, maxSockets = 64 }: { baseUrl: string; token: string; confirmTokens: string[]; databaseUrl: string; maxSockets?: number }): Promise<ConfirmResult> {
  const agent = createAgent(maxSockets);
  const listings = await waitingReferences(databaseUrl, confirmTokens);
  const result: ConfirmResult = { sent: 0, alreadySent: 0, otherOutcomes: {}, durationMs: 0 };
  const started = performance.now();
  await Promise.all(
    confirmTokens.map(async (confirmToken) => {
      let outcome: string;
      try {
        // As the owner on the confirmation page: what the link lists, ticked as theirs (nothing is ticked for them).
        const listed = listings.get(confirmToken) ?? [];
        const answer = await callApi(baseUrl, "lead/confirm", { token: confirmToken, references: listed.length ? listed : ["already-sent"] }, { token, agent, timeoutMs: 120_000 });
        const requests = Array.isArray(answer.body.requests) ? answer.body.requests.length : -1;
        if (answer.status === 200 && answer.body.message === CONFIRM.sent(1) && requests === 1) {
          result.sent += 1;
          return;
        }
        if (answer.status === 200 && answer.body.message === CONFIRM.alreadySent && requests === 0) {
          result.alreadySent += 1;
          return;
        }
        outcome = `HTTP ${answer.status} ${String(answer.body.message ?? "")}`;
      } catch (error) {
        outcome = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      result.otherOutcomes[outcome] = (result.otherOutcomes[outcome] ?? 0) + 1;
    }),
  );
  agent.destroy();
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
