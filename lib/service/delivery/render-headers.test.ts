import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { announcePostgres, AUSTIN_LEAD, databaseKinds, serviceSuite, STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT } from "@/test-support";
import { fileChannel } from "./channels";
import type { LeadFacts } from "./message";
import { contactMessage, newLeadMessage, newsletterConfirmationMessage, renderMessage, withOneLineHeaders } from "./render";
import { FILES_ONLY, outboxRows } from "./routing";

announcePostgres();

const INJECTED = "Austin\r\nBcc: victim@example.com";

/** The header lines of an .eml file (everything before the first empty line). */
const headerLines = (eml: string) => eml.slice(0, eml.indexOf("\n\n")).split("\n");

describe("headers stay one line whatever a stored row holds (row L1)", () => {
  const siteUrl = "https://www.managely.test";
  const lead = { ...STORED_LEAD, property_city: INJECTED } as LeadFacts;

  it("turns a line break in the subject into a space, and leaves out a reply-to or a recipient that holds one", () => {
    const safe = withOneLineHeaders(newLeadMessage(lead, STORED_MANAGER, STORED_RECIPIENT, 1))!;
    expect(safe.email.subject).toBe("New request MG-4K7Q-2XRD: Multi Family in Austin Bcc: victim@example.com 78701");
    expect(safe.email.replyTo).toBe("jordan.ellis@example.org");

    const fromContact = contactMessage({ name: "Sam\nBcc: victim@example.com", email: "sam@example.org\r\nCc: x@example.com", mobile: "", message: "Hi\nthere", created_at: "2026-11-25T10:00:00.000Z" }, STORED_MANAGER);
    const contact = withOneLineHeaders(fromContact)!;
    expect(contact.email.subject).not.toMatch(/[\r\n]/);
    expect(contact.email).not.toHaveProperty("replyTo");
    expect(contact.email.text).toContain("Hi\nthere"); // the body keeps its lines

    expect(withOneLineHeaders({ ...fromContact, email: { ...fromContact.email, to: "office@example.com\nBcc: victim@example.com" } })).toBeNull();
  });

  it("keeps every header one line: tabs, other control characters and line separators too", () => {
    const message = newsletterConfirmationMessage("reader@example.org", { siteUrl, token: "T" });
    const withSubject = (subject: string, extra: { to?: string; replyTo?: string } = {}) => withOneLineHeaders({ ...message, email: { ...message.email, subject, ...extra } });
    expect(withSubject("  One\t\u0000two\u007F\u009Fthree\u2028four\u2029five\r\n  ")!.email.subject).toBe("One two three four five");
    expect(withSubject("Plain", { replyTo: "reply@example.org" })).toEqual({ email: { ...message.email, subject: "Plain", replyTo: "reply@example.org" }, event: message.event });
    expect(withSubject("Plain", { replyTo: "reply@example.org\u2028Bcc: victim@example.com" })!.email).not.toHaveProperty("replyTo");
    expect(withSubject("Plain", { replyTo: "" })!.email).not.toHaveProperty("replyTo");
    for (const to of ["a@example.org\tBcc: b@example.org", "a@example.org\u0085", "a@example.org\u2029", "a@example.org\u001F"]) {
      expect(withSubject("Plain", { to })).toBeNull();
    }
    expect(withSubject("Plain", { to: "a@example.org\u00A0" })).not.toBeNull();
  });
});

describe.each(databaseKinds)("a stored lead whose city holds a line break, on %s", (kind) => {
  const suite = serviceSuite(kind, { savesPerMinute: 1000 });
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-render-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("never reaches the Subject line of the manager's .eml", async () => {
    const [match] = (await suite.call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
    const saved = await suite.call("lead/save", { ...AUSTIN_LEAD, agent_ids: [match.agent_id] });
    expect(saved.status).toBe(200);
    // A row stored before the contract refused line breaks (or by other code).
    await suite.database.db.updateTable("leads").set({ property_city: INJECTED }).where("reference", "=", saved.body.reference).execute();
    const { id: leadId } = await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
    await insertOutboxMessages(suite.database.db, outboxRows("lead.new", { lead_id: Number(leadId), agent_id: match.agent_id }, FILES_ONLY, new Date().toISOString()));
    const row = await suite.database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", Number(leadId)).where("kind", "=", "lead.new").orderBy("id", "desc").executeTakeFirstOrThrow();

    const rendered = (await renderMessage(suite.database.db, row, { siteUrl: "https://www.managely.test" }))!;
    expect(rendered.email.subject).not.toMatch(/[\r\n]/);
    await fileChannel({ dir, from: "Managely <no-reply@managely.test>" }).send({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, createdAt: row.created_at, rendered });
    const [file] = fs.readdirSync(dir);
    const headers = headerLines(fs.readFileSync(path.join(dir, file), "utf8"));
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.find((line) => line.startsWith("Subject: "))).toBe(`Subject: New request ${saved.body.reference}: Multi Family in Austin Bcc: victim@example.com 78701`);
  });
});
