import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Service } from "..";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase } from "@/lib/test-support";
import { fileChannel } from "./channels";
import { confirmationMessage, contactMessage, newLeadMessage, renderMessage, withOneLineHeaders, type LeadFacts } from "./render";
import { FILES_ONLY, outboxRows } from "./routing";

announcePostgres();

const INJECTED = "Austin\r\nBcc: victim@example.com";

/** The header lines of an .eml file (everything before the first empty line). */
const headerLines = (eml: string) => eml.slice(0, eml.indexOf("\n\n")).split("\n");

describe("headers stay one line whatever a stored row holds (issue 19, row L1)", () => {
  const lead = {
    reference: "MG-4K7Q-2XRD",
    property_category: 2,
    property_address: "415 W 6th St",
    property_city: INJECTED,
    property_zip: "78701",
    full_name: "Jordan Ellis",
    email_address: "jordan.ellis@example.org",
    property_number: "5125550188",
    preferred_contact_method: "Phone",
    price: "",
    exam: "[]",
    created_at: "2026-11-25T10:00:00.000Z",
    withdrawn_at: null,
  } as unknown as LeadFacts;
  const manager = { id: 7, company_name: "Hill Country Homes", email: "office@hillcountry.example.com" };
  const recipient = { agent_id: 7, company_name: "Hill Country Homes", consent_version: "2026-11-25", consent_text: "Only Hill Country Homes…", consented_at: "2026-11-25T10:00:00.000Z" };

  it("turns a line break in the subject into a space, and leaves out a reply-to or a recipient that holds one", () => {
    const safe = withOneLineHeaders(newLeadMessage(lead, manager, recipient, 1))!;
    expect(safe.email.subject).toBe("New request MG-4K7Q-2XRD: Multi Family in Austin Bcc: victim@example.com 78701");
    expect(safe.email.replyTo).toBe("jordan.ellis@example.org");

    const fromContact = contactMessage({ name: "Sam\nBcc: victim@example.com", email: "sam@example.org\r\nCc: x@example.com", mobile: "", message: "Hi\nthere", created_at: "2026-11-25T10:00:00.000Z" }, manager);
    const contact = withOneLineHeaders(fromContact)!;
    expect(contact.email.subject).not.toMatch(/[\r\n]/);
    expect(contact.email).not.toHaveProperty("replyTo");
    expect(contact.email.text).toContain("Hi\nthere"); // the body keeps its lines

    expect(withOneLineHeaders({ ...fromContact, email: { ...fromContact.email, to: "office@example.com\nBcc: victim@example.com" } })).toBeNull();
  });
});

describe.each(databaseKinds)("a stored lead whose city holds a line break, on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: 1000 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-render-"));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.destroy();
  });

  it("never reaches the Subject line of the manager's .eml", async () => {
    const [match] = (await callAsSite(service, "agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
    const saved = await callAsSite(service, "lead/save", {
      property_category: 2,
      property_address: "415 W 6th St",
      property_city: "Austin",
      property_zip: "78701",
      full_name: "Jordan Ellis",
      email_address: "jordan.ellis@example.org",
      property_number: "5125550188",
      preferred_contact_method: "Phone",
      agent_ids: [match.agent_id],
    });
    expect(saved.status).toBe(200);
    // A row stored before the contract refused line breaks (or by other code).
    await database.db.updateTable("leads").set({ property_city: INJECTED }).where("reference", "=", saved.body.reference).execute();
    const { id: leadId } = await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
    await insertOutboxMessages(database.db, outboxRows("lead.new", { lead_id: Number(leadId), agent_id: match.agent_id }, FILES_ONLY, new Date().toISOString()));
    const row = await database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", Number(leadId)).where("kind", "=", "lead.new").orderBy("id", "desc").executeTakeFirstOrThrow();

    const rendered = (await renderMessage(database.db, row, { siteUrl: "https://www.managely.test" }))!;
    expect(rendered.email.subject).not.toMatch(/[\r\n]/);
    await fileChannel({ dir, from: "Managely <no-reply@managely.test>" }).send({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, createdAt: row.created_at, rendered });
    const [file] = fs.readdirSync(dir);
    const headers = headerLines(fs.readFileSync(path.join(dir, file), "utf8"));
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.find((line) => line.startsWith("Subject: "))).toBe(`Subject: New request ${saved.body.reference}: Multi Family in Austin Bcc: victim@example.com 78701`);
  });
});

describe("the owner's confirmation email (issue 30)", () => {
  const settings = { siteUrl: "https://www.managely.test", token: "PAGE_TOKEN_abcdefghijkl", confirmToken: "CONFIRM_TOKEN_abcdefghi" };
  const lead = { reference: "MG-4K7Q-2XRD", email_address: "owner@example.org" };
  const recipients = [
    { company_name: "Hill Country Homes", demo: 0 },
    { company_name: "Sample Rentals", demo: 1 },
  ];
  const { email } = confirmationMessage(lead, recipients, settings);
  const confirmUrl = "https://www.managely.test/requests/confirm/CONFIRM_TOKEN_abcdefghi";
  const pageUrl = "https://www.managely.test/requests/PAGE_TOKEN_abcdefghijkl";
  /** What a reader sees of the HTML: its text, without tags or attributes. */
  const visible = (html: string) => html.replace(/<[^>]*>/g, " ");

  it("has an HTML part beside the text, whose links are buttons, not raw token URLs; the text keeps the URLs", () => {
    expect(email.html).toBeDefined();
    const html = email.html!;
    expect(html).toContain(`<a href="${confirmUrl}"`);
    expect(html).toContain(`<a href="${pageUrl}"`);
    expect(html).toMatch(/<a href="[^"]+CONFIRM_TOKEN[^"]*" style="display:inline-block;[^"]*">Review and send my request<\/a>/);
    expect(html).toMatch(/>See or withdraw my request<\/a>/);
    expect(visible(html)).not.toContain("TOKEN");
    expect(email.text).toContain(confirmUrl);
    expect(email.text).toContain(pageUrl);
  });

  it("names a sample firm as a sample, in both parts", () => {
    for (const part of [email.text, visible(email.html!)]) {
      expect(part).toContain("Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)");
      expect(part).not.toContain("Hill Country Homes (Sample listing");
    }
  });

  it("says who asked from where in the site's own words, and does not open with \"Somebody asked\"", () => {
    expect(email.text.split("\n").slice(0, 3).join("\n")).toBe(
      "Hello,\n\nPlease confirm your request MG-4K7Q-2XRD for property management quotes. It was entered in the quote form on Managely (www.managely.test) with this email address as the property owner's contact.",
    );
    expect(email.text).not.toContain("Somebody asked");
    expect(email.html).not.toContain("Somebody asked");
  });

  it("escapes a company name in the HTML", () => {
    const { email: escaped } = confirmationMessage(lead, [{ company_name: "Smith & <Sons>", demo: 0 }], settings);
    expect(escaped.html).toContain("Smith &amp; &lt;Sons&gt;");
    expect(escaped.html).not.toContain("<Sons>");
  });
});
