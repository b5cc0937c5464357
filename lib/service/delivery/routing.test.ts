import crypto from "node:crypto";
import type { OutboxKind } from "../../db/schema";
import { deliveryRouting, FILES_ONLY, outboxRows } from "./routing";
import { onOutboxSignal, signalOutbox } from "./signal";
import { hashToken, newIdempotencyKey, newReference, newToken, REFERENCE_PATTERN } from "./tokens";

/** Which channel carries which message, and the names and secrets a message is given (README "Delivery"). */
describe("delivery routing", () => {
  it("sends managers' messages by webhook and email as configured, and a file when neither is", () => {
    expect(deliveryRouting({ smtp: true, webhook: true })).toEqual({ managers: ["webhook", "email"], people: ["email"], cdn: [] });
    expect(deliveryRouting({ smtp: false, webhook: true })).toEqual({ managers: ["webhook"], people: ["file"], cdn: [] });
    expect(deliveryRouting({ smtp: true, webhook: false })).toEqual({ managers: ["email"], people: ["email"], cdn: [] });
    expect(deliveryRouting({ smtp: false, webhook: false })).toEqual({ managers: ["file"], people: ["file"], cdn: [] });
    expect(FILES_ONLY).toEqual({ managers: ["file"], people: ["file"], cdn: [] });
    // A CDN's purge goes to PURGE_URL only, never to a file.
    expect(deliveryRouting({ smtp: false, webhook: false, purge: true }).cdn).toEqual(["purge"]);
  });

  it("gives each message one due, pending row per channel of its audience", () => {
    const routing = deliveryRouting({ smtp: true, webhook: true, purge: true });
    const now = "2026-11-27T04:00:00.000Z";
    const audience: Record<OutboxKind, string[]> = {
      "lead.new": ["webhook", "email"],
      "lead.withdrawn": ["webhook", "email"],
      "contact.message": ["webhook", "email"],
      "lead.confirmation": ["email"],
      "lead.match_available": ["email"],
      "newsletter.confirmation": ["email"],
      "staff.sign_in": ["email"],
      "proposal.saved": ["webhook", "email"],
      "proposal.summary": ["email"],
      "request.accepted": ["webhook", "email"],
      "request.accepted.owner": ["email"],
      "request.declined": ["webhook", "email"],
      "cdn.purge": ["purge"],
      // The operator's answers go to the applicant or the writer themselves, never to the agent panel.
      "application.approved": ["email"],
      "application.declined": ["email"],
      "contact.reply": ["email"],
      // The sign-in link goes to the email on the listing only, never to the agent panel.
      "listing.sign_in": ["email"],
    };
    for (const [kind, channels] of Object.entries(audience)) {
      expect(outboxRows(kind as OutboxKind, { lead_id: 7 }, routing, now).map((row) => row.channel)).toEqual(channels);
    }
    const [row] = outboxRows("lead.match_available", { lead_id: 7, agent_id: 8, contact_id: 9, subscription_id: 10, payload: { token: "abc" } }, routing, now);
    expect(row).toEqual({
      idempotency_key: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      kind: "lead.match_available",
      channel: "email",
      lead_id: 7,
      agent_id: 8,
      contact_id: 9,
      subscription_id: 10,
      payload: '{"token":"abc"}',
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    });
    const [bare] = outboxRows("newsletter.confirmation", {}, routing, now);
    expect(bare).toMatchObject({ lead_id: null, agent_id: null, contact_id: null, subscription_id: null, payload: "{}" });
    // Each row is retried on its own: its own idempotency key.
    const [first, second] = outboxRows("lead.new", { lead_id: 7 }, routing, now);
    expect(first.idempotency_key).not.toBe(second.idempotency_key);
  });
});

describe("tokens, references and idempotency keys", () => {
  it("makes a token of 128 random bits in 22 URL-safe characters, and stores only its SHA-256", () => {
    const tokens = Array.from({ length: 50 }, newToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(tokens).size).toBe(50);
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // UTF-8, as every other SHA-256 of the text: "é" is two bytes, c3 a9.
    expect(hashToken("é")).toBe(crypto.createHash("sha256").update(Buffer.from([0xc3, 0xa9])).digest("hex"));
  });

  it("writes a reference as MG-XXXX-XXXX from the whole readable alphabet, never I, L, O or U", () => {
    const references = Array.from({ length: 300 }, newReference);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    const used = new Set(references.join("").replace(/MG|-/g, ""));
    expect(used.size).toBe(32);
    expect(new Set(references).size).toBe(300);
    for (const misread of ["MG-I000-0000", "MG-0L00-0000", "MG-00O0-0000", "MG-000U-0000", "MG-0000-000", "XMG-0000-0000", "MG-0000-00000"]) {
      expect(misread).not.toMatch(REFERENCE_PATTERN);
    }
  });

  it("makes a fresh idempotency key each time", () => {
    const keys = Array.from({ length: 20 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(20);
  });
});

describe("the outbox signal", () => {
  it("wakes every listener of this process until it stops listening", () => {
    const woken: string[] = [];
    const stopFirst = onOutboxSignal(() => woken.push("first"));
    const stopSecond = onOutboxSignal(() => woken.push("second"));
    signalOutbox();
    stopFirst();
    signalOutbox();
    stopSecond();
    signalOutbox();
    expect(woken).toEqual(["first", "second", "second"]);
  });
});
