import crypto from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";
import type { Database, OutboxRow } from "../db/schema";
import type { Dialect } from "../db/connection";
import { claimDueMessages, eraseOldPayloads, insertOutboxMessages, markCancelled, markFailed, markRetry, markSent, withdrawnLeadIds } from "../db/queries/outbox";
import { insertToken, leadsAwaitingMatch, stopWaitingForMatch } from "../db/queries/leads";
import { getZipPlace } from "../db/queries/zips";
import { deleteExpiredCounters } from "../db/queries/rate-limits";
import { countManagersServingPoint } from "../db/queries/agents";
import { logError, logInfo } from "./log";
import { CONFIRM } from "../contract/messages";
import { describeFailure, eraseOutboxFiles, eraseOutboxFilesBefore, type Channels } from "./delivery/channels";
import { renderMessage } from "./delivery/render";
import { outboxRows, type DeliveryRouting } from "./delivery/routing";
import { onOutboxSignal } from "./delivery/signal";
import { hashToken, newToken } from "./delivery/tokens";
import { sweepUnconfirmedLeads } from "./confirmations";

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
 * each owner (by email) when one does; and, when it starts and every hour, erases the copies of
 * messages older than `retentionDays` (payloads, and the files under `outboxDir`).
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
  /** RETENTION_DAYS: copies of messages older than this are erased. */
  retentionDays: number;
  /** The file channel's folder (OUTBOX_DIR), when it has one. */
  outboxDir?: string;
  batchSize?: number;
  concurrency?: number;
};

type WorkerStats = { claimed: number; sent: number; retried: number; failed: number; cancelled: number };

export type OutboxWorker = {
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for the deliveries in flight, closes the channels. */
  stop(): Promise<void>;
  /** One claim-and-deliver round; answers how many messages it claimed. */
  runOnce(): Promise<number>;
  /** One pass over the leads waiting for a manager; answers how many owners were told. */
  checkWaitingLeads(): Promise<number>;
  /** Erases one batch of leads whose owner did not confirm the email address in time; answers how many. */
  sweepUnconfirmed(): Promise<number>;
  /** One retention sweep: answers how many payloads and files it erased. */
  sweepRetention(): Promise<{ payloads: number; files: number }>;
  stats(): WorkerStats;
};

/** How soon a nudged worker starts its round. */
const NUDGE_DELAY_MS = 50;
/** How often the retention sweep runs, and how much one batch of it erases. */
const RETENTION_SWEEP_MS = 3_600_000;
const RETENTION_BATCH = 500;
/** A sweep stops after this many batches (the next one goes on): a backlog never holds the database long. */
const RETENTION_MAX_BATCHES = 20;

type Outcome = { row: OutboxRow; result: "sent" | "cancelled" } | { row: OutboxRow; result: "error"; error: string };

/** The delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, ±20%. */
export function retryDelayMs(attempts: number, { retryBaseMs, retryMaxMs }: Pick<WorkerSettings, "retryBaseMs" | "retryMaxMs">, random = Math.random): number {
  const exponential = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** Sends one claimed message on its channel; the outcome is recorded with the round's others. */
async function deliver(db: Kysely<Database>, row: OutboxRow, { channels, siteUrl }: { channels: Channels; siteUrl: string }): Promise<Outcome> {
  try {
    const rendered = await renderMessage(db, row, { siteUrl });
    if (!rendered) return { row, result: "cancelled" };
    const channel = channels[row.channel];
    if (!channel) return { row, result: "error", error: `no ${row.channel} channel configured` };
    await channel.send({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, createdAt: row.created_at, rendered });
    return { row, result: "sent" };
  } catch (error) {
    return { row, result: "error", error: describeFailure(error) };
  }
}

/**
 * A round's outcomes in one transaction (one commit, not one per message): sent, cancelled, or
 * retried with back-off until `giveUpMs`, then failed for good. Logs failures without addresses.
 */
async function recordOutcomes(db: Kysely<Database>, outcomes: Outcome[], settings: WorkerSettings, at: number): Promise<Omit<WorkerStats, "claimed">> {
  const iso = (ms: number) => new Date(ms).toISOString();
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
  for (const { row, error } of gaveUp) {
    logInfo("outbox", `message ${row.id} (${row.kind} via ${row.channel}) failed for good after ${row.attempts} attempts: ${error}`);
  }
  if (failures.size) {
    logInfo("outbox", `${[...failures.values()].reduce((a, b) => a + b, 0)} deliveries failed (${[...failures].map(([label, count]) => `${label} ×${count}`).join(", ")}); retrying with back-off`);
  }
  const errors = outcomes.filter((outcome) => outcome.result === "error").length;
  return {
    sent: outcomes.filter((outcome) => outcome.result === "sent").length,
    cancelled: outcomes.filter((outcome) => outcome.result === "cancelled").length,
    retried: errors - gaveUp.length,
    failed: gaveUp.length,
  };
}

/**
 * A file written for a lead while the owner withdrew it (rendered before, written after the
 * withdrawal erased the lead's files) is erased now: a withdrawn request leaves no copy.
 */
async function eraseCopiesOfWithdrawn(db: Kysely<Database>, outcomes: Outcome[], dir: string): Promise<void> {
  const written = outcomes.filter((outcome) => outcome.result === "sent" && outcome.row.channel === "file" && outcome.row.lead_id !== null && outcome.row.kind !== "lead.withdrawn");
  if (written.length === 0) return;
  const withdrawn = new Set(await withdrawnLeadIds(db, { leadIds: [...new Set(written.map((outcome) => outcome.row.lead_id!))] }));
  await eraseOutboxFiles({ dir, ids: written.filter((outcome) => withdrawn.has(outcome.row.lead_id!)).map((outcome) => outcome.row.id) });
}

/**
 * One pass over the leads that no manager served when they were sent: the owner of each whose ZIP
 * somebody serves now is told once (by email, with a new token for the link). Answers how many.
 */
async function tellOwnersOfNewMatches(db: Kysely<Database>, { delivery, now }: { delivery: DeliveryRouting; now: () => number }): Promise<number> {
  let told = 0;
  let afterId = 0;
  for (;;) {
    const waiting = await leadsAwaitingMatch(db, { limit: 200, afterId });
    if (waiting.length === 0) return told;
    afterId = waiting[waiting.length - 1].id;
    for (const lead of waiting) {
      if (!lead.email_address) continue; // the owner was told at submission that we cannot tell them
      if (!lead.email_confirmed_at) continue; // nothing more to an address that has not confirmed
      const place = await getZipPlace(db, { zip: lead.property_zip.slice(0, 5) });
      const managers = place ? await countManagersServingPoint(db, { point: place, categoryId: lead.property_category }) : 0;
      if (managers === 0) continue;
      const token = newToken();
      const at = new Date(now()).toISOString();
      // Once: unless something else (a second worker, the owner choosing) got there first.
      const done = await db.transaction().execute(async (trx) => {
        if (!(await stopWaitingForMatch(trx, { leadId: lead.id }))) return false;
        await insertToken(trx, { leadId: lead.id, tokenHash: hashToken(token), now: at });
        await insertOutboxMessages(trx, outboxRows("lead.match_available", { lead_id: lead.id, payload: { token, managers: String(managers) } }, delivery, at));
        return true;
      });
      if (done) told++;
    }
  }
}

/**
 * Erases what is past the retention period, in batches of RETENTION_BATCH: the payloads (links'
 * tokens) of old messages, then their files. Bounded: at most RETENTION_MAX_BATCHES of each.
 * The save limits' expired counters go too (a row per key, so at most one per key seen in the
 * last two days).
 */
async function sweepOldCopies(
  db: Kysely<Database>,
  { retentionDays, outboxDir, now }: { retentionDays: number; outboxDir?: string; now: () => number },
): Promise<{ payloads: number; files: number }> {
  const before = now() - retentionDays * 86_400_000;
  const erased = { payloads: 0, files: 0 };
  for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
    const count = await eraseOldPayloads(db, { before: new Date(before).toISOString(), limit: RETENTION_BATCH });
    erased.payloads += count;
    if (count < RETENTION_BATCH) break;
  }
  if (outboxDir) erased.files = await eraseOutboxFilesBefore({ dir: outboxDir, before, limit: RETENTION_BATCH * RETENTION_MAX_BATCHES });
  await deleteExpiredCounters(db, { before: now() });
  return erased;
}

/**
 * Sleeps `ms`, or less when a save in this process queued messages (`nudge`): they go out within
 * NUDGE_DELAY_MS, gathered into one round (under a stream of saves, a round per save would cost
 * the database two commits each). `stop` ends the sleep at once.
 */
function nudgeableSleep() {
  let nudge: (() => void) | undefined;
  let stop: (() => void) | undefined;
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer = setTimeout(done, ms);
      const until = Date.now() + ms;
      function done() {
        clearTimeout(timer);
        nudge = undefined;
        stop = undefined;
        resolve();
      }
      stop = done;
      nudge = () => {
        if (until - Date.now() <= NUDGE_DELAY_MS) return;
        clearTimeout(timer);
        timer = setTimeout(done, NUDGE_DELAY_MS);
        nudge = undefined;
      };
    });
  }
  return { sleep, nudge: () => nudge?.(), stop: () => stop?.() };
}

/** Runs `check` every `everyMs` (and at once when `now`), never two at once; `stop` waits for the one in flight. */
function repeating(everyMs: number, check: () => Promise<unknown>, { now = false } = {}) {
  let inFlight: Promise<unknown> | undefined;
  const run = () => {
    inFlight ??= check().finally(() => (inFlight = undefined));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  if (now) run();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

/**
 * The worker's periodic work beside its delivery loop: every `matchCheckMs` the waiting leads, then
 * the unconfirmed leads past their link's life; the retention sweep at once and every
 * RETENTION_SWEEP_MS. Failures are logged, never thrown.
 */
function startPeriodicWork(
  { checkWaitingLeads, sweepUnconfirmed, sweepRetention }: Pick<OutboxWorker, "checkWaitingLeads" | "sweepUnconfirmed" | "sweepRetention">,
  settings: WorkerSettings,
): { stop(): Promise<void> } {
  const matchChecks = repeating(settings.matchCheckMs, () =>
    checkWaitingLeads()
      .then((told) => told && logInfo("outbox", `${told} owners told that a manager now serves their ZIP`))
      .catch((error: unknown) => logError("checking leads that wait for a manager", error))
      .then(() => sweepUnconfirmed())
      .then((erased) => erased && logInfo("outbox", `${erased} unconfirmed requests erased after ${CONFIRM.linkDays} days`))
      .catch((error: unknown) => logError("erasing unconfirmed leads", error)),
  );
  const retentionSweeps = repeating(
    RETENTION_SWEEP_MS,
    () =>
      sweepRetention()
        .then(({ payloads, files }) => (payloads || files) && logInfo("outbox", `retention: erased ${payloads} payloads and ${files} files older than ${settings.retentionDays} days`))
        .catch((error: unknown) => logError("erasing messages past the retention period", error)),
    { now: true },
  );
  return {
    async stop() {
      await Promise.all([matchChecks.stop(), retentionSweeps.stop()]);
    },
  };
}

/** Delivers the messages a round claimed, `concurrency` at a time. */
async function deliverClaimed(
  db: Kysely<Database>,
  claimed: Awaited<ReturnType<typeof claimDueMessages>>,
  { channels, siteUrl, concurrency }: { channels: Channels; siteUrl: string; concurrency: number },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
      while (next < claimed.length) outcomes.push(await deliver(db, claimed[next++], { channels, siteUrl }));
    }),
  );
  return outcomes;
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
  const pause = nudgeableSleep();
  let running = false;
  let loop: Promise<void> | undefined;
  let stopListening: (() => void) | undefined;
  let periodic: { stop(): Promise<void> } | undefined;

  async function runOnce(): Promise<number> {
    const at = now();
    const claimed = await claimDueMessages(db, { dialect, now: new Date(at).toISOString(), leaseUntil: new Date(at + settings.leaseMs).toISOString(), workerId: id, limit: batchSize });
    if (claimed.length === 0) return 0;
    stats.claimed += claimed.length;
    const outcomes = await deliverClaimed(db, claimed, { channels, siteUrl: settings.siteUrl, concurrency });
    const recorded = await recordOutcomes(db, outcomes, settings, now());
    if (settings.outboxDir) await eraseCopiesOfWithdrawn(db, outcomes, settings.outboxDir);
    for (const key of ["sent", "cancelled", "retried", "failed"] as const) stats[key] += recorded[key];
    return claimed.length;
  }

  async function run() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logError("outbox worker round failed", error);
      }
      if (running && claimed < batchSize) await pause.sleep(settings.pollMs);
    }
  }

  const checkWaitingLeads = () => tellOwnersOfNewMatches(db, { delivery: settings.delivery, now });
  const sweepUnconfirmed = () => sweepUnconfirmedLeads(db, { now: now() });
  const sweepRetention = () => sweepOldCopies(db, { retentionDays: settings.retentionDays, outboxDir: settings.outboxDir, now });

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopListening = onOutboxSignal(pause.nudge);
      loop = run();
      periodic = startPeriodicWork({ checkWaitingLeads, sweepUnconfirmed, sweepRetention }, settings);
    },
    async stop() {
      running = false;
      stopListening?.();
      pause.stop();
      await loop;
      await periodic?.stop();
      await Promise.all(Object.values(channels).map((channel) => channel?.close?.()));
    },
    runOnce,
    checkWaitingLeads,
    sweepUnconfirmed,
    sweepRetention,
    stats: () => ({ ...stats }),
  };
}
