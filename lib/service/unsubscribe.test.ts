import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { OutboxKind, OutboxRow } from "../db/schema";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, mailsThroughSmtp, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { mailboxKey } from "../contract/keys";
import { fileChannel } from "./delivery/channels";
import { renderMessage } from "./delivery/render";
import { mailboxOfToken, unsubscribe, unsubscribeState, unsubscribeToken } from "./unsubscribe";
import { removeSubscriber } from "./workspace/network";

announcePostgres();

describe.each(databaseKinds)("subscribers can leave (RFC 8058) on %s", (kind) => {
  const siteUrl = "https://www.managely.test";
  let database: TestDatabase;
  let nextId = 2_000_000;
  const row = (kindOf: OutboxKind, fields: Partial<OutboxRow>, payload: Record<string, string>): OutboxRow =>
    ({
      id: nextId++,
      idempotency_key: `key-${nextId}`,
      kind: kindOf,
      channel: "file",
      lead_id: null,
      agent_id: null,
      contact_id: null,
      subscription_id: null,
      payload: JSON.stringify(payload),
      status: "pending",
      attempts: 0,
      next_attempt_at: "2026-12-01T10:00:00.000Z",
      created_at: "2026-12-01T10:00:00.000Z",
      ...fields,
    }) as OutboxRow;
  const subscriptionsOf = (email: string) => database.db.selectFrom("newsletter_subscriptions").select(["id", "confirmed_at"]).where("email_key", "=", mailboxKey(email)).execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("gives every address of one mailbox the same link, and no link names another mailbox without the site's secret", async () => {
    const token = await unsubscribeToken(database.db, { email: "Jo.Doe+news@GoogleMail.com" });
    expect(token).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{22}$/);
    expect(await unsubscribeToken(database.db, { email: "jodoe@gmail.com" })).toBe(token);
    expect(await mailboxOfToken(database.db, { token })).toBe(mailboxKey("jodoe@gmail.com"));
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), async (key, mac) => (await mailboxOfToken(database.db, { token: `${key}.${mac}` })) === null),
      { numRuns: 200 },
    );
    // The signature of one mailbox does not carry over to another's key.
    const other = mailboxKey("someone.else@example.com");
    expect(await mailboxOfToken(database.db, { token: `${other}.${token.split(".")[1]}` })).toBeNull();
    for (const junk of ["", "x", `${token}x`, token.toUpperCase(), `../${token}`]) expect(await unsubscribeState(database.db, { token: junk })).toBe("invalid");
  });

  it("carries the link and both headers in the newsletter's email, written to a file and sent by SMTP", async () => {
    const service = createTestService(database, { savesPerMinute: 1000 });
    expect((await callAsSite(service, "newsletter/save", { email_address: "reader@example.org" })).status).toBe(200);
    const [subscription] = await subscriptionsOf("reader@example.org");
    const rendered = (await renderMessage(database.db, row("newsletter.confirmation", { subscription_id: subscription.id }, { token: "CONFIRM_TOKEN_abcdefghij" }), { siteUrl }))!;
    const token = await unsubscribeToken(database.db, { email: "reader@example.org" });
    expect(rendered.email.unsubscribe).toEqual({ page: `${siteUrl}/unsubscribe/${token}`, oneClick: `${siteUrl}/unsubscribe/${token}/one-click` });
    expect(rendered.email.text).toMatch(new RegExp(`\\nTo stop every email from Managely to this address \\(newsletter and notices\\), unsubscribe in one click:\\n${siteUrl.replace(/\./g, "\\.")}/unsubscribe/${token.replace(".", "\\.")}$`));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unsubscribe-"));
    const message = { id: 7, idempotencyKey: "msg_unsubscribe_test", kind: "newsletter.confirmation" as const, createdAt: "2026-12-01T10:00:00.000Z", rendered };
    await fileChannel({ dir, from: "Managely <no-reply@managely.test>" }).send(message);
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), "utf8");
    const headers = eml.slice(0, eml.indexOf("\n\n")).split("\n");
    expect(headers).toEqual(expect.arrayContaining([`List-Unsubscribe: <${siteUrl}/unsubscribe/${token}/one-click>`, "List-Unsubscribe-Post: List-Unsubscribe=One-Click"]));

    const [mail] = await mailsThroughSmtp((channel) => channel.send(message));
    const data = mail.data.replace(/\r?\n[ \t]+/g, " ");
    expect(data).toContain(`List-Unsubscribe: <${siteUrl}/unsubscribe/${token}/one-click>`);
    expect(data).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("erases the mailbox's subscription at once, stops its notices but not a confirmation it asks for, and says so again on a repeat", async () => {
    const service = createTestService(database, { savesPerMinute: 1000 });
    await callAsSite(service, "newsletter/save", { email_address: "Owner+news@Example.org" });
    await database.db.updateTable("newsletter_subscriptions").set({ confirmed_at: "2026-12-01T10:00:00.000Z" }).where("email_key", "=", mailboxKey("owner@example.org")).execute();
    const saved = await callAsSite(service, "lead/save", {
      property_category: 1,
      property_address: "1 Main St",
      property_city: "Austin",
      property_zip: "78701",
      full_name: "Pat Owner",
      email_address: "owner@example.org",
      property_number: "5125550100",
      preferred_contact_method: "Email",
    });
    expect(saved.status).toBe(200);
    const { id: leadId } = await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
    const notice = () => renderMessage(database.db, row("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" }), { siteUrl });
    const confirmation = () => renderMessage(database.db, row("lead.confirmation", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl", confirm_token: "CONFIRM_TOKEN_abcdefghi" }), { siteUrl });
    expect((await notice())?.email.unsubscribe).toBeDefined();
    expect((await confirmation())?.email.unsubscribe).toBeDefined();

    const token = await unsubscribeToken(database.db, { email: "owner@example.org" });
    expect(await unsubscribeState(database.db, { token })).toBe("subscribed");
    expect(await unsubscribe(database.db, { token })).toBe("unsubscribed");
    expect(await subscriptionsOf("owner@example.org")).toEqual([]);
    expect(await database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", "owner+news@example.org").execute()).toEqual([]);
    expect(await unsubscribeState(database.db, { token })).toBe("unsubscribed");
    expect(await notice()).toBeNull();
    expect((await confirmation())?.email.to).toBe("owner@example.org");
    expect(await unsubscribe(database.db, { token })).toBe("already");

    // Subscribing again (a new double opt-in) brings the button back, and it works again.
    await callAsSite(service, "newsletter/save", { email_address: "owner@example.org" });
    expect(await subscriptionsOf("owner@example.org")).toHaveLength(1);
    expect(await unsubscribeState(database.db, { token })).toBe("subscribed");
    expect(await unsubscribe(database.db, { token })).toBe("unsubscribed");
    expect(await subscriptionsOf("owner@example.org")).toEqual([]);
  });

  it("lets an operator remove a confirmed subscriber as the link would; an editor cannot", async () => {
    const service = createTestService(database, { savesPerMinute: 1000 });
    await callAsSite(service, "newsletter/save", { email_address: "leaving@example.org" });
    const [subscription] = await subscriptionsOf("leaving@example.org");
    const editor = { id: "e", email: "editor@staff.example.com", role: "editor" as const };
    expect(await removeSubscriber(database.db, editor, { subscriberId: subscription.id }).catch((error: Error) => error.message)).toBe(
      "Your role (editor) cannot manage subscribers, so nothing was changed: ask an admin or an operator.",
    );
    expect(await subscriptionsOf("leaving@example.org")).toHaveLength(1);
    await removeSubscriber(database.db, { id: "o", email: "operator@staff.example.com", role: "operator" }, { subscriberId: subscription.id });
    expect(await subscriptionsOf("leaving@example.org")).toEqual([]);
    expect(await unsubscribeState(database.db, { token: await unsubscribeToken(database.db, { email: "leaving@example.org" }) })).toBe("unsubscribed");
    const logged = await database.db.selectFrom("staff_audit_log").select(["action", "target", "detail"]).where("action", "=", "subscriber.removed").execute();
    expect(logged).toEqual([{ action: "subscriber.removed", target: `subscriber:${subscription.id}`, detail: "" }]);
  });
});
