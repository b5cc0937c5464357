import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { mailsThroughSmtp } from "@/test-support";
import {
  DeliveryError,
  describeFailure,
  emailChannel,
  eraseOutboxFiles,
  eraseOutboxFilesBefore,
  fileChannel,
  outboxFileName,
  signWebhook,
  verifyWebhook,
  webhookChannel,
  WEBHOOK_HEADERS,
  type OutgoingMessage,
} from "./channels";

const message: OutgoingMessage = {
  id: 42,
  idempotencyKey: "msg_0123456789abcdef0123456789abcdef",
  kind: "lead.new",
  createdAt: "2026-11-25T10:00:00.000Z",
  rendered: {
    email: { to: "office@hillcountry.example.com", replyTo: "owner@example.org", subject: "New request MG-4K7Q-2XRD", text: "Hello,\n\nA request for you." },
    event: { type: "lead.new", data: { reference: "MG-4K7Q-2XRD", owner: { full_name: "Jordan Ellis" } } },
  },
};

describe("the webhook", () => {
  const secret = "a-webhook-secret-of-some-length";
  let server: http.Server;
  let url: string;
  let status = 200;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts the event signed with HMAC-SHA256 over the timestamp and the body, with the idempotency key", async () => {
    await webhookChannel({ url, secret }).send(message);
    const [{ headers, body }] = received;
    expect(JSON.parse(body)).toEqual({ id: message.idempotencyKey, type: "lead.new", created_at: message.createdAt, data: message.rendered.event.data });
    expect(headers[WEBHOOK_HEADERS.idempotencyKey]).toBe(message.idempotencyKey);
    expect(headers[WEBHOOK_HEADERS.event]).toBe("lead.new");
    const timestamp = String(headers[WEBHOOK_HEADERS.timestamp]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(headers[WEBHOOK_HEADERS.signature]).toBe(signWebhook(secret, timestamp, body));
    expect(verifyWebhook({ secret, timestamp, body, signature: String(headers[WEBHOOK_HEADERS.signature]) })).toBe(true);
    // A changed body, another secret or an old timestamp does not verify.
    expect(verifyWebhook({ secret, timestamp, body: body.replace("Jordan", "Jordon"), signature: String(headers[WEBHOOK_HEADERS.signature]) })).toBe(false);
    expect(verifyWebhook({ secret: "another-secret-entirely", timestamp, body, signature: String(headers[WEBHOOK_HEADERS.signature]) })).toBe(false);
    expect(verifyWebhook({ secret, timestamp, body, signature: String(headers[WEBHOOK_HEADERS.signature]) }, { now: Date.now() + 600_000 })).toBe(false);
    expect(headers["content-type"]).toBe("application/json");
  });

  it("verifies a timestamp of digits only, within the tolerance either way, and a signature of another length without throwing", () => {
    const body = '{"id":"msg_1"}';
    const at = 1_800_000_000;
    const signed = (timestamp: string) => signWebhook(secret, timestamp, body);
    const verify = (timestamp: string, now: number, signature = signed(timestamp)) => verifyWebhook({ secret, timestamp, body, signature }, { now: now * 1000 });
    expect([verify(String(at), at + 300), verify(String(at), at - 300), verify(String(at), at + 301), verify(String(at), at - 301)]).toEqual([true, true, false, false]);
    expect(verifyWebhook({ secret, timestamp: String(at), body, signature: signed(String(at)) }, { now: at * 1000 + 30_000, toleranceSeconds: 10 })).toBe(false);
    // Not a plain count of seconds: refused before the signature is looked at.
    for (const timestamp of [`${at}.5`, ` ${at}`, `${at} `, `x${at}`, "1".repeat(13), ""]) expect([timestamp, verify(timestamp, at)]).toEqual([timestamp, false]);
    expect(verify("1".repeat(12), 111_111_111_111)).toBe(true);
    expect(verify(String(at), at, `${signed(String(at))}0`)).toBe(false);
    expect(verify(String(at), at, signed(String(at)).slice(0, -1))).toBe(false);
  });

  it("fails on an answer other than 2xx and on a refused connection, saying only the status or the code", async () => {
    status = 503;
    await expect(webhookChannel({ url, secret }).send(message)).rejects.toMatchObject({ description: "HTTP 503" });
    status = 200;
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, "127.0.0.1", () => {
        const port = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    await expect(webhookChannel({ url: `http://127.0.0.1:${closed}/`, secret }).send(message)).rejects.toMatchObject({ description: "ECONNREFUSED" });
  });

  it("takes any 2xx, and follows no redirect (the event goes to the configured URL only)", async () => {
    status = 299;
    await expect(webhookChannel({ url, secret }).send(message)).resolves.toBeUndefined();
    status = 300;
    await expect(webhookChannel({ url, secret }).send(message)).rejects.toMatchObject({ description: "HTTP 300" });
    status = 200;
    const elsewhere: string[] = [];
    const redirecting = http.createServer((req, res) => {
      elsewhere.push(req.url ?? "");
      if (req.url === "/moved") res.writeHead(200).end();
      else res.writeHead(307, { location: "/moved" }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const failure = await webhookChannel({ url: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/leads`, secret }).send(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DeliveryError);
      expect(elsewhere).toEqual(["/leads"]);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it("gives up on a receiver that does not answer within the timeout", async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const started = Date.now();
      const failure = await webhookChannel({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, secret, timeoutMs: 200 }).send(message).catch((error: unknown) => error);
      expect(failure).toMatchObject({ description: "TimeoutError" });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("email", () => {
  it("sends through SMTP with the idempotency key as the Message-ID and a header", async () => {
    const mails = await mailsThroughSmtp((channel) => channel.send(message));
    expect(mails).toHaveLength(1);
    expect(mails[0].from).toBe("no-reply@managely.test");
    expect(mails[0].to).toEqual(["office@hillcountry.example.com"]);
    expect(mails[0].data).toContain(`Message-ID: <${message.idempotencyKey}@managely.test>`);
    expect(mails[0].data).toContain(`Idempotency-Key: ${message.idempotencyKey}`);
    expect(mails[0].data).toContain("Reply-To: owner@example.org");
    expect(mails[0].data).toContain("Subject: New request MG-4K7Q-2XRD");
    expect(mails[0].data).toContain("A request for you.");
    expect(mails[0].data).toContain("X-Managely-Event: lead.new");
    expect(mails[0].data).not.toContain("multipart/alternative");
  });

  it("sends an HTML version as multipart/alternative, no Reply-To when there is none, and nothing to no address", async () => {
    const { replyTo: _replyTo, ...withoutReplyTo } = message.rendered.email;
    const mails = await mailsThroughSmtp(async (channel) => {
      await channel.send({ ...message, rendered: { ...message.rendered, email: { ...withoutReplyTo, html: "<p>A request for <b>you</b>.</p>" } } });
      await expect(channel.send({ ...message, rendered: { ...message.rendered, email: { ...message.rendered.email, to: "" } } })).rejects.toMatchObject({ description: "no address" });
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toContain("multipart/alternative");
    expect(mails[0].data).toContain("<p>A request for <b>you</b>.</p>");
    expect(mails[0].data).not.toMatch(/^Reply-To:/im);
  });

  it("fails when no SMTP server answers, saying only the code", async () => {
    const channel = emailChannel({ smtpUrl: "smtp://127.0.0.1:1", from: "no-reply@managely.test", messageIdDomain: "managely.test" });
    const failure = await channel.send(message).catch((error: unknown) => error);
    expect(String((failure as { description: string }).description)).toMatch(/^[A-Z0-9 _]+$/);
    expect(String((failure as Error).message)).not.toContain("office@hillcountry");
  });
});

describe("files", () => {
  it("writes each message whole under the outbox folder, once per message whatever the repeats", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-outbox-"));
    try {
      const channel = fileChannel({ dir, from: "Managely <no-reply@managely.test>" });
      await channel.send(message);
      await channel.send(message);
      const files = fs.readdirSync(dir);
      expect(files).toEqual(["2026-11-25T10-00-00-000Z-42-lead-new.eml"]);
      const text = fs.readFileSync(path.join(dir, files[0]), "utf8");
      expect(text).toContain("To: office@hillcountry.example.com");
      expect(text).toContain("Subject: New request MG-4K7Q-2XRD");
      expect(text).toContain(`Idempotency-Key: ${message.idempotencyKey}`);
      expect(text).toContain("A request for you.");
      expect(text).toBe(
        [
          "From: Managely <no-reply@managely.test>",
          "To: office@hillcountry.example.com",
          "Reply-To: owner@example.org",
          "Subject: New request MG-4K7Q-2XRD",
          `Idempotency-Key: ${message.idempotencyKey}`,
          "X-Managely-Event: lead.new",
          "Content-Type: text/plain; charset=utf-8",
          "",
          "Hello,",
          "",
          "A request for you.",
          "",
        ].join("\n"),
      );
      // No address and no reply-to: said so, and no Reply-To line.
      const { replyTo: _replyTo, ...withoutReplyTo } = message.rendered.email;
      await channel.send({ ...message, id: 43, rendered: { ...message.rendered, email: { ...withoutReplyTo, to: "" } } });
      const second = fs.readFileSync(path.join(dir, "2026-11-25T10-00-00-000Z-43-lead-new.eml"), "utf8");
      expect(second.split("\n\n")[0].split("\n")).toEqual([
        "From: Managely <no-reply@managely.test>",
        "To: (no address)",
        "Subject: New request MG-4K7Q-2XRD",
        `Idempotency-Key: ${message.idempotencyKey}`,
        "X-Managely-Event: lead.new",
        "Content-Type: text/plain; charset=utf-8",
      ]);
      expect(fs.readdirSync(dir).sort()).toEqual(["2026-11-25T10-00-00-000Z-42-lead-new.eml", "2026-11-25T10-00-00-000Z-43-lead-new.eml"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a message with an HTML version as multipart/alternative, text first, the same bytes on a repeat", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-outbox-"));
    try {
      const channel = fileChannel({ dir, from: "Managely <no-reply@managely.test>" });
      const both = { ...message, rendered: { ...message.rendered, email: { ...message.rendered.email, html: "<p>A request for <b>you</b>.</p>" } } };
      await channel.send(both);
      const [file] = fs.readdirSync(dir);
      const first = fs.readFileSync(path.join(dir, file), "utf8");
      await channel.send(both);
      expect(fs.readFileSync(path.join(dir, file), "utf8")).toBe(first);
      const boundary = /Content-Type: multipart\/alternative; boundary="([^"]+)"/.exec(first)?.[1];
      expect(boundary).toBeTruthy();
      expect(first).toContain("MIME-Version: 1.0");
      const parts = first.split(`--${boundary}`);
      expect(parts).toHaveLength(4); // headers, text, HTML, the closing "--"
      expect(parts[1]).toContain("Content-Type: text/plain; charset=utf-8");
      expect(parts[1]).toContain("A request for you.");
      expect(parts[2]).toContain("Content-Type: text/html; charset=utf-8");
      expect(parts[2]).toContain("<p>A request for <b>you</b>.</p>");
      expect(parts[3].trim()).toBe("--");
      // The boundary: 24 hex digits of the key's hash; each part its headers, a blank line, its content.
      expect(boundary).toMatch(/^managely-[0-9a-f]{24}$/);
      expect(first.slice(first.indexOf(`--${boundary}\n`))).toBe(
        [
          `--${boundary}`,
          "Content-Type: text/plain; charset=utf-8",
          "Content-Transfer-Encoding: 8bit",
          "",
          "Hello,",
          "",
          "A request for you.",
          `--${boundary}`,
          "Content-Type: text/html; charset=utf-8",
          "Content-Transfer-Encoding: 8bit",
          "",
          "<p>A request for <b>you</b>.</p>",
          `--${boundary}--`,
          "",
        ].join("\n"),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("creates the outbox folder 0700 (and any folder above it) and each file 0600", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "managely-outbox-"));
    const dir = path.join(root, ".data", "outbox");
    try {
      await fileChannel({ dir, from: "Managely <no-reply@managely.test>" }).send(message);
      expect(fs.statSync(path.join(root, ".data")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      const [file] = fs.readdirSync(dir);
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails with the error's code when the folder cannot be made", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "managely-outbox-"));
    try {
      fs.writeFileSync(path.join(root, "taken"), "a file where the folder should be");
      await expect(fileChannel({ dir: path.join(root, "taken", "outbox"), from: "no-reply@managely.test" }).send(message)).rejects.toMatchObject({ description: "ENOTDIR" });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("erasing outbox files (row L3)", () => {
  it("finds a message's files by its id and old ones by their time, a bounded number at a time, and leaves other files alone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-outbox-"));
    try {
      const names = [
        outboxFileName({ id: 1, kind: "lead.new", createdAt: "2026-10-01T10:00:00.000Z" }),
        outboxFileName({ id: 2, kind: "lead.confirmation", createdAt: "2026-10-02T10:00:00.000Z" }),
        `${outboxFileName({ id: 3, kind: "lead.match_available", createdAt: "2026-10-03T10:00:00.000Z" })}.4242.tmp`,
        outboxFileName({ id: 11, kind: "lead.new", createdAt: "2026-11-20T10:00:00.000Z" }),
        outboxFileName({ id: 12, kind: "contact.message", createdAt: "2026-11-21T10:00:00.000Z" }),
        "2026-10-01-notes.txt",
      ];
      for (const name of names) fs.writeFileSync(path.join(dir, name), "x");
      const before = Date.parse("2026-11-01T00:00:00.000Z");
      expect(await eraseOutboxFilesBefore({ dir, before, limit: 2 })).toBe(2);
      expect(await eraseOutboxFilesBefore({ dir, before, limit: 2 })).toBe(1); // the crash's temporary file too
      expect(await eraseOutboxFilesBefore({ dir, before, limit: 2 })).toBe(0);
      // Queued at the very instant given: not before it.
      expect(await eraseOutboxFilesBefore({ dir, before: Date.parse("2026-11-20T10:00:00.000Z"), limit: 2 })).toBe(0);
      expect(await eraseOutboxFiles({ dir, ids: [1, 12] })).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual([names[5], names[3]].sort());
      expect(await eraseOutboxFiles({ dir: path.join(dir, "missing"), ids: [11] })).toBe(0);
      // Nothing asked, nothing read; a folder named like a message is no message; a folder that is a file is an error.
      expect(await eraseOutboxFiles({ dir: path.join(dir, names[5]), ids: [] })).toBe(0);
      fs.mkdirSync(path.join(dir, names[4]));
      expect(await eraseOutboxFiles({ dir, ids: [12] })).toBe(0);
      expect(await eraseOutboxFilesBefore({ dir, before: Number.POSITIVE_INFINITY, limit: 10 })).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual([names[5], names[4]].sort());
      await expect(eraseOutboxFiles({ dir: path.join(dir, names[5]), ids: [1] })).rejects.toMatchObject({ code: "ENOTDIR" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("failure descriptions", () => {
  it("keep codes and statuses, never the text of an error (which may quote an address)", () => {
    expect(describeFailure(Object.assign(new Error("550 <office@example.com> mailbox unavailable"), { code: "EENVELOPE", responseCode: 550 }))).toBe("SMTP 550 EENVELOPE");
    expect(describeFailure(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }))).toBe("ECONNREFUSED");
    expect(describeFailure(new Error("owner@example.org was refused"))).toBe("Error");
    expect(describeFailure(new DeliveryError("HTTP 503"))).toBe("HTTP 503");
    expect(new DeliveryError("HTTP 503")).toMatchObject({ name: "DeliveryError", message: "HTTP 503" });
    expect([describeFailure(null), describeFailure(undefined), describeFailure("a string")]).toEqual(["Error", "Error", "Error"]);
    // Only a numeric SMTP status, and only codes that look like codes, from the error or its cause.
    expect(describeFailure({ responseCode: "550 owner@example.org", code: "EAUTH" })).toBe("EAUTH");
    expect(describeFailure({ code: "ECONNRESET", cause: { code: "EPIPE" } })).toBe("ECONNRESET EPIPE");
    for (const code of ["E", "E".repeat(41), "econnrefused", "EAUTH owner@example.org", "owner@example.org EAUTH", 42]) {
      expect([code, describeFailure({ code, name: "SmtpError" })]).toEqual([code, "SmtpError"]);
      expect([code, describeFailure({ cause: { code, name: "SocketError" } })]).toEqual([code, "SocketError"]);
    }
    expect(describeFailure({ code: "E".repeat(40) })).toBe("E".repeat(40));
    // Else a name: the cause's first, and only a word of letters.
    expect(describeFailure(Object.assign(new TypeError("fetch failed"), { cause: { name: "AbortError" } }))).toBe("AbortError");
    expect(describeFailure({ name: "TimeoutError", cause: { name: 7 } })).toBe("TimeoutError");
    for (const name of ["owner@example.org", "Error: owner", "X", "Bad name", "A".repeat(41), `Timeout${"\n"}Error`]) expect([name, describeFailure({ name })]).toEqual([name, "Error"]);
    expect(describeFailure({ name: "A".repeat(40) })).toBe("A".repeat(40));
  });
});
