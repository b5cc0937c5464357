import crypto from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";
import type { Database, OutboxRow } from "../../db/schema";
import type { Dialect } from "../../db/connection";
import {
  claimDueMessages,
  contactMessageForMessage,
  leadForMessage,
  leadRecipientsForMessage,
  managerContact,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  subscriptionForMessage,
} from "../../db/queries/outbox";
import { leadsAwaitingMatch, tellOwnerOfMatch } from "../../db/queries/requests";
import { getZipPlace } from "../../db/queries/zips";
import { countManagersServingPoint } from "../../db/queries/agents";
import { staffEmailForMessage } from "../../db/queries/staff";
import { logError, logInfo } from "../log";
import { describeFailure, type Channels } from "./channels";
import {
  confirmationMessage,
  contactMessage,
  matchAvailableMessage,
  newLeadMessage,
  newsletterConfirmationMessage,
  staffSignInMessage,
  withdrawnMessage,
  type RenderedMessage,
} from "./render";
import { outboxRows, type DeliveryRouting } from "./routing";
import { onOutboxSignal } from "./signal";
import { hashToken, newToken } from "./tokens";

/**
 * The outbox worker: claims due messages, sends each on its channel, and records the outcome.
 * - At least once: a message is marked sent only after its channel accepted it; a worker that
 *   dies in between leaves it claimed until the lease lapses, and then it is sent again with the
 *   same idempotency key.
 * - A failed attempt is retried with exponential back-off (base, doubling, capped, ±20% jitter)
 *   until the message is `giveUpMs` old (72 hours), then marked failed and logged, with its id,
 *   kind, channel and error code, never an address or a name.
 * - Several workers (processes or instances) may run on one database (see claimDueMessages).
 * It also looks, every `matchCheckMs`, for leads no manager served when they were sent, and tells
 * each owner (by email) when one does.
 */
export type WorkerSettings = {
  siteUrl: string;
  delivery: DeliveryRouting;
  retryBaseMs: number;
  retryMaxMs: number;
  giveUpMs: number;
  leaseMs: number;
  pollMs: number;
  matchCheckMs: number;
  batchSize?: number;
  concurrency?: number;
};

export type WorkerStats = { claimed: number; sent: number; retried: number; failed: number; cancelled: number };

export type OutboxWorker = {
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for the deliveries in flight, closes the channels. */
  stop(): Promise<void>;
  /** One claim-and-deliver round; answers how many messages it claimed. */
  runOnce(): Promise<number>;
  /** One pass over the leads waiting for a manager; answers how many owners were told. */
  checkWaitingLeads(): Promise<number>;
  stats(): WorkerStats;
};

/** How soon a nudged worker starts its round. */
const NUDGE_DELAY_MS = 50;

type Outcome = { row: OutboxRow; result: "sent" | "cancelled" } | { row: OutboxRow; result: "error"; error: string };

/** The delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, ±20%. */
export function retryDelayMs(attempts: number, { retryBaseMs, retryMaxMs }: Pick<WorkerSettings, "retryBaseMs" | "retryMaxMs">, random = Math.random): number {
  const exponential = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export function createOutboxWorker({
  db,
  dialect,
  channels,
  settings,
  now = () => Date.now(),
}: {
  db: Kysely<Database>;
  dialect: Dialect;
  channels: Channels;
  settings: WorkerSettings;
  now?: () => number;
}): OutboxWorker {
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const batchSize = settings.batchSize ?? 32;
  const concurrency = settings.concurrency ?? 8;
  const stats: WorkerStats = { claimed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0 };
  const iso = (ms: number) => new Date(ms).toISOString();
  let running = false;
  let loop: Promise<void> | undefined;
  /** Shortens the current sleep (a nudge); ends it at once (stop). */
  let wake: (() => void) | undefined;
  let stopSleeping: (() => void) | undefined;
  let stopListening: (() => void) | undefined;
  let matchTimer: NodeJS.Timeout | undefined;
  let matchCheck: Promise<unknown> | undefined;

  /** Loads what a message is about and writes it; null when there is nothing left to send. */
  async function render(row: OutboxRow): Promise<RenderedMessage | null> {
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
        return newLeadMessage(lead, manager, recipient, recipients.length);
      }
      case "lead.confirmation": {
        const [lead, recipients] = await Promise.all([leadForMessage(db, { leadId: row.lead_id! }), leadRecipientsForMessage(db, { leadId: row.lead_id! })]);
        if (!lead || lead.withdrawn_at || !lead.email_address || !payload.token) return null;
        return confirmationMessage(lead, recipients, { siteUrl: settings.siteUrl, token: payload.token });
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
        return matchAvailableMessage(lead, { siteUrl: settings.siteUrl, token: payload.token, managers: Number(payload.managers ?? 1) });
      }
      case "contact.message": {
        const [contact, manager] = await Promise.all([contactMessageForMessage(db, { contactId: row.contact_id! }), managerContact(db, { agentId: row.agent_id! })]);
        if (!contact || !manager) return null;
        return contactMessage(contact, manager);
      }
      case "newsletter.confirmation": {
        const subscription = await subscriptionForMessage(db, { subscriptionId: row.subscription_id! });
        if (!subscription || subscription.confirmed_at || !payload.token) return null;
        return newsletterConfirmationMessage(subscription.email_address, { siteUrl: settings.siteUrl, token: payload.token });
      }
      case "staff.sign_in": {
        const email = payload.user_id ? await staffEmailForMessage(db, { userId: payload.user_id }) : null;
        if (!email || !payload.token) return null;
        return staffSignInMessage(email, { siteUrl: settings.siteUrl, token: payload.token });
      }
    }
  }

  async function deliver(row: OutboxRow): Promise<Outcome> {
    try {
      const rendered = await render(row);
      if (!rendered) return { row, result: "cancelled" };
      const channel = channels[row.channel];
      if (!channel) return { row, result: "error", error: `no ${row.channel} channel configured` };
      await channel.send({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, createdAt: row.created_at, rendered });
      return { row, result: "sent" };
    } catch (error) {
      return { row, result: "error", error: describeFailure(error) };
    }
  }

  /** A round's outcomes in one transaction (one commit, not one per message). */
  async function record(outcomes: Outcome[]) {
    const at = now();
    const failures = new Map<string, number>();
    const gaveUp: { row: OutboxRow; error: string }[] = [];
    await db.transaction().execute(async (trx) => {
      await markSent(trx, { ids: outcomes.filter((outcome) => outcome.result === "sent").map((outcome) => outcome.row.id), now: iso(at) });
      await markCancelled(trx, { ids: outcomes.filter((outcome) => outcome.result === "cancelled").map((outcome) => outcome.row.id) });
      for (const outcome of outcomes) {
        if (outcome.result !== "error") continue;
        const { row, error } = outcome;
        const label = `${row.channel}: ${error}`;
        failures.set(label, (failures.get(label) ?? 0) + 1);
        if (at - Date.parse(row.created_at) >= settings.giveUpMs) {
          await markFailed(trx, { id: row.id, error });
          gaveUp.push({ row, error });
        } else {
          await markRetry(trx, { id: row.id, nextAttemptAt: iso(at + retryDelayMs(row.attempts, settings)), error });
        }
      }
    });
    for (const outcome of outcomes) {
      if (outcome.result === "sent") stats.sent++;
      else if (outcome.result === "cancelled") stats.cancelled++;
    }
    stats.failed += gaveUp.length;
    stats.retried += outcomes.filter((outcome) => outcome.result === "error").length - gaveUp.length;
    for (const { row, error } of gaveUp) {
      logInfo("outbox", `message ${row.id} (${row.kind} via ${row.channel}) failed for good after ${row.attempts} attempts: ${error}`);
    }
    if (failures.size) {
      logInfo("outbox", `${[...failures.values()].reduce((a, b) => a + b, 0)} deliveries failed (${[...failures].map(([label, count]) => `${label} ×${count}`).join(", ")}); retrying with back-off`);
    }
  }

  async function runOnce(): Promise<number> {
    const at = now();
    const claimed = await claimDueMessages(db, { dialect, now: iso(at), leaseUntil: iso(at + settings.leaseMs), workerId: id, limit: batchSize });
    if (claimed.length === 0) return 0;
    stats.claimed += claimed.length;
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
        while (next < claimed.length) outcomes.push(await deliver(claimed[next++]));
      }),
    );
    await record(outcomes);
    return claimed.length;
  }

  async function checkWaitingLeads(): Promise<number> {
    let told = 0;
    let afterId = 0;
    for (;;) {
      const waiting = await leadsAwaitingMatch(db, { limit: 200, afterId });
      if (waiting.length === 0) return told;
      afterId = waiting[waiting.length - 1].id;
      for (const lead of waiting) {
        if (!lead.email_address) continue; // the owner was told at submission that we cannot tell them
        const place = await getZipPlace(db, { zip: lead.property_zip.slice(0, 5) });
        const managers = place ? await countManagersServingPoint(db, { point: place, categoryId: lead.property_category }) : 0;
        if (managers === 0) continue;
        const token = newToken();
        const at = iso(now());
        const done = await db.transaction().execute((trx) =>
          tellOwnerOfMatch(trx, {
            leadId: lead.id,
            tokenHash: hashToken(token),
            now: at,
            messages: outboxRows("lead.match_available", { lead_id: lead.id, payload: { token, managers: String(managers) } }, settings.delivery, at),
          }),
        );
        if (done) told++;
      }
    }
  }

  /**
   * Sleeps `ms`, or less when a save in this process queued messages: they go out within
   * NUDGE_DELAY_MS, gathered into one round (under a stream of saves, a round per save would
   * cost the database two commits each).
   */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer = setTimeout(done, ms);
      const until = Date.now() + ms;
      function done() {
        clearTimeout(timer);
        wake = undefined;
        stopSleeping = undefined;
        resolve();
      }
      stopSleeping = done;
      wake = () => {
        if (until - Date.now() <= NUDGE_DELAY_MS) return;
        clearTimeout(timer);
        timer = setTimeout(done, NUDGE_DELAY_MS);
        wake = undefined;
      };
    });
  }

  async function run() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logError("outbox worker round failed", error);
      }
      if (running && claimed < batchSize) await sleep(settings.pollMs);
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopListening = onOutboxSignal(() => wake?.());
      loop = run();
      const checkMatches = () => {
        matchCheck ??= checkWaitingLeads()
          .then((told) => told && logInfo("outbox", `${told} owners told that a manager now serves their ZIP`))
          .catch((error: unknown) => logError("checking leads that wait for a manager", error))
          .finally(() => (matchCheck = undefined));
      };
      matchTimer = setInterval(checkMatches, settings.matchCheckMs);
      matchTimer.unref();
    },
    async stop() {
      running = false;
      stopListening?.();
      if (matchTimer) clearInterval(matchTimer);
      stopSleeping?.();
      await loop;
      await matchCheck;
      await Promise.all(Object.values(channels).map((channel) => channel?.close?.()));
    },
    runOnce,
    checkWaitingLeads,
    stats: () => ({ ...stats }),
  };
}
