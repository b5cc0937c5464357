import crypto from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { openDatabase } from "../../lib/db/connection";
import { WEBHOOK_HEADERS, verifyWebhook } from "../../lib/service/delivery/channels";
import { outputKeeper, siteEnvironment, sleep, startGroup, stopGroup } from "../support/production-site";

/**
 * What the delivery suite runs beside the site: the agent panel's webhook receiver (it can be
 * down, slow, or lose its answers), an SMTP receiver, and the outbox worker as its own process
 * (`npm run worker`), so it can be killed with SIGKILL.
 */

// ---------------------------------------------------------------------------------------------
// The webhook receiver

export type WebhookReceiver = {
  url: string;
  /** Every delivery that reached it, duplicates included (in arrival order). */
  deliveries(): { key: string; type: string }[];
  /** Keys it processed: once each, however often a key arrived (deduplication by idempotency key). */
  processed(): Map<string, { type: string; data: Record<string, unknown> }>;
  /** Deliveries whose signature or timestamp did not verify (they are refused with 401). */
  badSignatures(): number;
  /** Starts listening (the receiver is "up"). */
  up(): Promise<void>;
  /** Stops listening and drops open connections (the receiver is "down": connections are refused). */
  down(): Promise<void>;
  close(): Promise<void>;
};

export async function startWebhookReceiver({
  port,
  secret,
  answerDelayMs = 0,
  loseAnswerShare = 0,
  startUp = true,
}: {
  port: number;
  secret: string;
  /** How long each answer waits (a slow receiver, so a worker can be killed mid-delivery). */
  answerDelayMs?: number;
  /** The share of first deliveries processed but never answered (the connection dropped): the sender must retry. */
  loseAnswerShare?: number;
  startUp?: boolean;
}): Promise<WebhookReceiver> {
  const deliveries: { key: string; type: string }[] = [];
  const processed = new Map<string, { type: string; data: Record<string, unknown> }>();
  let bad = 0;
  let server: http.Server | undefined;
  const sockets = new Set<Socket>();

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const key = String(req.headers[WEBHOOK_HEADERS.idempotencyKey] ?? "");
      const valid = verifyWebhook({
        secret,
        timestamp: String(req.headers[WEBHOOK_HEADERS.timestamp] ?? ""),
        body,
        signature: String(req.headers[WEBHOOK_HEADERS.signature] ?? ""),
      });
      if (!valid || !key) {
        bad++;
        res.writeHead(401).end();
        return;
      }
      const event = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
      deliveries.push({ key, type: event.type });
      const firstTime = !processed.has(key);
      if (firstTime) processed.set(key, { type: event.type, data: event.data });
      // A fixed share of keys, decided by the key, lose their first answer.
      const unlucky = firstTime && loseAnswerShare > 0 && crypto.createHash("sha256").update(key).digest()[0] < loseAnswerShare * 256;
      if (unlucky) {
        req.socket.destroy();
        return;
      }
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), answerDelayMs);
    });
  };

  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/agent-panel/leads`,
    deliveries: () => [...deliveries],
    processed: () => new Map(processed),
    badSignatures: () => bad,
    async up() {
      if (server) return;
      server = http.createServer(handle);
      server.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async down() {
      if (!server) return;
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    close: () => receiver.down(),
  };
  if (startUp) await receiver.up();
  return receiver;
}

export { mailText, startSmtpReceiver, type ReceivedMail } from "@/test-support";

// ---------------------------------------------------------------------------------------------
// The worker as a process of its own (`npm run worker`)

export type WorkerProcess = { pid: number; isRunning(): boolean; output(lines?: number): string; kill(): Promise<void>; stop(): Promise<void> };

export function startWorkerProcess({ name, databaseUrl, env }: { name: string; databaseUrl: string; env: Record<string, string> }): WorkerProcess {
  const output = outputKeeper();
  const child = startGroup(process.execPath, ["--require", "tsx/cjs", path.join("lib", "cli", "worker.ts")], {
    env: siteEnvironment({ DATABASE_URL: databaseUrl, ...env }),
    onOutput: (chunk) => output.write(chunk),
  });
  return {
    pid: child.pid ?? -1,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    output: (lines = 30) => `--- last lines of worker ${name} ---\n${output.lines().slice(-lines).join("\n")}`,
    kill: () => stopGroup(child, "SIGKILL"),
    stop: () => stopGroup(child, "SIGTERM"),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the outbox

export type OutboxCounts = { byStatus: Record<string, number>; attempts: number; messages: number; workers: string[] };

/** The outbox of the leads whose submission keys start with `prefix` (and only those). */
export async function outboxOfLeads(databaseUrl: string, prefix: string, { kind, channel }: { kind?: string; channel?: string } = {}): Promise<OutboxCounts> {
  const handle = openDatabase(databaseUrl);
  try {
    let query = handle.db
      .selectFrom("outbox_messages")
      .innerJoin("leads", "leads.id", "outbox_messages.lead_id")
      .select(["outbox_messages.status", "outbox_messages.attempts", "outbox_messages.claimed_by"])
      .where("leads.submission_key", "like", `${prefix}%`);
    if (kind) query = query.where("outbox_messages.kind", "=", kind as never);
    if (channel) query = query.where("outbox_messages.channel", "=", channel as never);
    const rows = await query.execute();
    const byStatus: Record<string, number> = {};
    for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    return {
      byStatus,
      attempts: rows.reduce((sum, row) => sum + Number(row.attempts), 0),
      messages: rows.length,
      workers: [...new Set(rows.map((row) => row.claimed_by).filter((id): id is string => Boolean(id)))],
    };
  } finally {
    await handle.close();
  }
}

/** Per acknowledged lead: its recipient rows and outbox rows, as "agent ids | kinds/channels". */
export async function deliveryRowsByKey(databaseUrl: string, prefix: string) {
  const handle = openDatabase(databaseUrl);
  try {
    const leads = await handle.db.selectFrom("leads").select(["id", "submission_key"]).where("submission_key", "like", `${prefix}%`).execute();
    const recipients = await handle.db
      .selectFrom("lead_recipients")
      .innerJoin("leads", "leads.id", "lead_recipients.lead_id")
      .select(["leads.submission_key", "lead_recipients.agent_id", "lead_recipients.consent_text"])
      .where("leads.submission_key", "like", `${prefix}%`)
      .execute();
    const messages = await handle.db
      .selectFrom("outbox_messages")
      .innerJoin("leads", "leads.id", "outbox_messages.lead_id")
      .select(["leads.submission_key", "outbox_messages.kind", "outbox_messages.channel", "outbox_messages.agent_id"])
      .where("leads.submission_key", "like", `${prefix}%`)
      .execute();
    const byKey = new Map<string, { leads: number; recipients: number[]; consent: Set<string>; messages: string[] }>();
    const entry = (key: string | null) => {
      const name = key ?? "";
      if (!byKey.has(name)) byKey.set(name, { leads: 0, recipients: [], consent: new Set(), messages: [] });
      return byKey.get(name)!;
    };
    for (const lead of leads) entry(lead.submission_key).leads++;
    for (const row of recipients) {
      entry(row.submission_key).recipients.push(Number(row.agent_id));
      entry(row.submission_key).consent.add(row.consent_text);
    }
    for (const row of messages) entry(row.submission_key).messages.push(`${row.kind}/${row.channel}/${row.agent_id ?? "-"}`);
    return byKey;
  } finally {
    await handle.close();
  }
}

/** Waits until `done()` holds, polling; throws with `describe()` when it has not after `timeoutMs`. */
export async function waitFor(done: () => boolean | Promise<boolean>, { timeoutMs, what }: { timeoutMs: number; what: () => string }): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not done after ${Math.round(timeoutMs / 1000)} s: ${what()}`);
    await sleep(250);
  }
  return Date.now() - started;
}

