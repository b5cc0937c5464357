import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Service } from "..";
import type { OutboxKind, OutboxRow } from "../../db/schema";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, insertStaff, type TestDatabase } from "@/test-support";
import { fileChannel } from "./channels";
import { answersOf, formatPhone, type LeadFacts } from "./message";
import {
  confirmationMessage,
  contactMessage,
  matchAvailableMessage,
  newLeadMessage,
  newsletterConfirmationMessage,
  renderMessage,
  staffSignInMessage,
  withdrawnMessage,
  withOneLineHeaders,
} from "./render";
import { FILES_ONLY, outboxRows } from "./routing";

announcePostgres();

const INJECTED = "Austin\r\nBcc: victim@example.com";

/** The request both saves below send (a phone contact in Austin). */
const AUSTIN_REQUEST = {
  property_category: 2,
  property_address: "415 W 6th St",
  property_city: "Austin",
  property_zip: "78701",
  full_name: "Jordan Ellis",
  email_address: "jordan.ellis@example.org",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
};

/** The header lines of an .eml file (everything before the first empty line). */
const headerLines = (eml: string) => eml.slice(0, eml.indexOf("\n\n")).split("\n");

describe("headers stay one line whatever a stored row holds (row L1)", () => {
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
      ...AUSTIN_REQUEST,
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

describe("the owner's confirmation email", () => {
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

describe("what each message says", () => {
  const siteUrl = "https://www.managely.test";
  const lead = {
    reference: "MG-4K7Q-2XRD",
    property_category: 2,
    property_address: "415 W 6th St\n  Unit 4",
    property_city: "Austin",
    property_zip: "78701",
    full_name: "Jordan Ellis",
    email_address: "jordan.ellis@example.org",
    property_number: "5125550188",
    preferred_contact_method: "Phone",
    price: "1800",
    exam: JSON.stringify([
      { question: "Bedrooms?", answer: "3" },
      { question: "Amenities?", answer: ["Pool", "Garage"] },
      { question: "Empty?", answer: " " },
      { question: 5, answer: "not a question" },
      null,
      { question: "Number?", answer: 4 },
    ]),
    created_at: "2026-11-25T10:00:00.000Z",
    withdrawn_at: null,
    email_confirmed_at: "2026-11-25T11:30:00.000Z",
  } as unknown as LeadFacts;
  const manager = { id: 7, company_name: "Hill Country Homes", email: "office@hillcountry.example.com" };
  const recipient = { agent_id: 7, company_name: "Hill Country Homes", consent_version: "2026-11-25", consent_text: "Only Hill Country Homes…", consented_at: "2026-11-25T10:00:00.000Z" };
  /** The same lead with nothing but what the form requires: no contact detail, price or answer. */
  const bare = {
    ...lead,
    property_category: 99,
    full_name: "",
    email_address: "",
    property_number: "",
    preferred_contact_method: "",
    price: "",
    exam: "[]",
    email_confirmed_at: null,
  } as unknown as LeadFacts;

  describe("a new request, to a manager", () => {
    it("writes the property, the owner's details, their answers and their consent, and lets the manager reply to the owner", () => {
      const { email, event } = newLeadMessage(lead, manager, recipient, 3);
      expect(email).toEqual({
        to: "office@hillcountry.example.com",
        subject: "New request MG-4K7Q-2XRD: Multi Family in Austin 78701",
        replyTo: "jordan.ellis@example.org",
        text: [
          "Hello Hill Country Homes,",
          "",
          "An owner chose Hill Country Homes to receive their request for property management on Managely. 2 other managers received it too, as the owner was told.",
          "",
          "Reference: MG-4K7Q-2XRD",
          "Property type: Multi Family",
          "Address: 415 W 6th St, Unit 4, Austin 78701",
          "Named price (quote guarantee): $1800 a month",
          "",
          "Contact details: Email confirmed (the owner opened the link we emailed them, November 25, 2026 at 11:30 AM UTC)",
          "Name: Jordan Ellis",
          "Email: jordan.ellis@example.org",
          "Phone: (512) 555-0188",
          "Preferred contact method: Phone",
          "",
          "About the property:",
          "- Bedrooms? 3",
          "- Amenities? Pool, Garage",
          "",
          "The owner agreed to this when sending the request (November 25, 2026 at 10:00 AM UTC, consent version 2026-11-25):",
          '"Only Hill Country Homes…"',
          "",
          "Please contact the owner only about this request and pass their details to nobody. If the owner withdraws the request, we will tell you, and you must then delete their details.",
        ].join("\n"),
      });
      expect(event).toEqual({
        type: "lead.new",
        data: {
          reference: "MG-4K7Q-2XRD",
          agent_id: 7,
          company_name: "Hill Country Homes",
          submitted_at: "2026-11-25T10:00:00.000Z",
          property: { category_id: 2, category: "Multi Family", address: "415 W 6th St\n  Unit 4", city: "Austin", zip: "78701" },
          owner: { full_name: "Jordan Ellis", email_address: "jordan.ellis@example.org", phone: "5125550188", preferred_contact_method: "Phone" },
          named_price: 1800,
          verification: "email_confirmed",
          email_confirmed_at: "2026-11-25T11:30:00.000Z",
          answers: [
            { question: "Bedrooms?", answer: "3" },
            { question: "Amenities?", answer: "Pool, Garage" },
          ],
          consent: { version: "2026-11-25", text: "Only Hill Country Homes…", consented_at: "2026-11-25T10:00:00.000Z" },
        },
      });
    });

    it("says how many other managers received it: one, or nobody", () => {
      expect(newLeadMessage(lead, manager, recipient, 2).email.text).toContain(
        "on Managely. One other manager received it too, as the owner was told.\n",
      );
      expect(newLeadMessage(lead, manager, recipient, 1).email.text).toContain("on Managely. Nobody else received it.\n");
      expect(newLeadMessage(lead, manager, recipient, 0).email.text).toContain("on Managely. Nobody else received it.\n");
    });

    it("says what was not given, that a phone-only owner is not verified, and gives no reply-to, price or answers", () => {
      const { email, event } = newLeadMessage(bare, manager, recipient, 1);
      expect(email).not.toHaveProperty("replyTo");
      expect(email.subject).toBe("New request MG-4K7Q-2XRD: Property in Austin 78701");
      expect(email.text.split("\n").slice(4, 14)).toEqual([
        "Reference: MG-4K7Q-2XRD",
        "Property type: Property",
        "Address: 415 W 6th St, Unit 4, Austin 78701",
        "",
        "Contact details: Phone not verified (no email address was given; nobody confirmed these details)",
        "Name: not given",
        "Email: not given",
        "Phone: not given",
        "",
        "The owner agreed to this when sending the request (November 25, 2026 at 10:00 AM UTC, consent version 2026-11-25):",
      ]);
      expect(event.data).toMatchObject({ named_price: null, verification: "phone_not_verified", email_confirmed_at: null, answers: [] });
    });

    it("says an email not confirmed when the owner gave one but never opened the link", () => {
      const unconfirmed = { ...bare, email_address: "jordan.ellis@example.org", email_confirmed_at: undefined } as unknown as LeadFacts;
      const { email, event } = newLeadMessage(unconfirmed, manager, recipient, 1);
      expect(email.text).toContain("\nContact details: Email not confirmed\nName: not given\nEmail: jordan.ellis@example.org\n");
      expect(email.replyTo).toBe("jordan.ellis@example.org");
      expect(event.data).toMatchObject({ verification: "email_not_confirmed", email_confirmed_at: null });
    });
  });

  it("reads the owner's answers from the stored exam, leaving out what is not a question with an answer", () => {
    expect(answersOf(lead.exam)).toEqual([
      { question: "Bedrooms?", answer: "3" },
      { question: "Amenities?", answer: "Pool, Garage" },
    ]);
    expect(answersOf("not json")).toEqual([]);
    expect(answersOf('{"question":"Bedrooms?","answer":"3"}')).toEqual([]);
    expect(answersOf('[{"question":"Bedrooms?"}]')).toEqual([]);
  });

  it("writes a ten-digit phone number as (512) 555-0100 and leaves any other as it is", () => {
    expect(formatPhone("5125550100")).toBe("(512) 555-0100");
    expect(formatPhone("15125550100")).toBe("15125550100");
    expect(formatPhone("x5125550100")).toBe("x5125550100");
    expect(formatPhone("512555010")).toBe("512555010");
  });

  describe("the owner's confirmation email, when nobody or only sample listings were chosen", () => {
    const settings = { siteUrl, token: "T", confirmToken: "C" };
    const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
    const button = (href: string, label: string, colours: string) =>
      `<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none;${colours}">${label}</a>`;
    const intro =
      "Please confirm your request MG-4K7Q-2XRD for property management quotes. It was entered in the quote form on Managely (www.managely.test) with this email address as the property owner's contact.";
    const notYou =
      "The link works for 7 days and sends every request waiting for this address. If you did not ask for this, ignore this email: nothing is sent, we email this address at most once a day, and the request is erased after 7 days.";
    const keep = "Keep this link to yourself: anyone who has it can see your request and withdraw it.";

    it("asks to confirm the address when nobody was chosen, in text and in HTML", () => {
      const { email, event } = confirmationMessage(lead, [], settings);
      expect(email.to).toBe("jordan.ellis@example.org");
      expect(email.subject).toBe("Confirm your request MG-4K7Q-2XRD on Managely");
      expect(email.text).toBe(
        [
          "Hello,",
          "",
          intro,
          "",
          "Nobody has been chosen to receive it yet.",
          "",
          "Nobody receives it until you confirm. To confirm your address, open the page below and press its button. Confirm my email address:",
          "https://www.managely.test/requests/confirm/C",
          "",
          notYou,
          "",
          "See or withdraw my request on its private page:",
          "https://www.managely.test/requests/T",
          "",
          keep,
        ].join("\n"),
      );
      expect(email.html).toBe(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Confirm your request MG-4K7Q-2XRD on Managely</title></head>' +
          '<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:600px;margin:0 auto;padding:16px">' +
          paragraph("Hello,") +
          paragraph(intro.replace("'", "&#39;")) +
          paragraph("Nobody has been chosen to receive it yet.") +
          paragraph("Nobody receives it until you confirm. To confirm your address, open the page below and press its button.") +
          paragraph(button("https://www.managely.test/requests/confirm/C", "Confirm my email address", "background:#1d4ed8;color:#ffffff;")) +
          paragraph(notYou) +
          paragraph(button("https://www.managely.test/requests/T", "See or withdraw my request", "background:#ffffff;color:#1d4ed8;border:1px solid #1d4ed8;")) +
          paragraph(`<small>${keep}</small>`) +
          "</body></html>",
      );
      expect(event).toEqual({ type: "lead.confirmation", data: { reference: "MG-4K7Q-2XRD" } });
    });

    it("says nobody will call when every chosen company is a sample listing, and not when one is real", () => {
      const allSamples = "Every company chosen is a sample listing: nobody will contact you about this request.";
      const { email } = confirmationMessage(lead, [{ company_name: "Sample Rentals", demo: 1 }], settings);
      expect(email.text).toContain(
        "\nIt is to go to:\n- Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)\n\n" +
          allSamples +
          "\n\nNobody receives it until you confirm. To send it, open the page below and press its button. Review and send my request:\n",
      );
      expect(email.html).toContain(
        paragraph("It is to go to:") +
          '<ul style="margin:0 0 16px;padding-left:20px"><li>Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)</li></ul>' +
          paragraph(allSamples) +
          paragraph("Nobody receives it until you confirm. To send it, open the page below and press its button."),
      );
      const mixed = confirmationMessage(lead, [{ company_name: "Sample Rentals", demo: 1 }, { company_name: "Hill Country Homes" }], settings).email;
      expect(mixed.text).toContain("- Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)\n- Hill Country Homes\n\nNobody receives it");
      expect(mixed.text).not.toContain(allSamples);
      expect(mixed.html).toContain("<li>Sample Rentals (Sample listing: this company does not exist, so nobody will contact you from it)</li><li>Hill Country Homes</li></ul>");
      expect(mixed.html).not.toContain(allSamples);
    });

    it("escapes every character HTML gives a meaning to", () => {
      const { email } = confirmationMessage(lead, [{ company_name: `A&B <"Sons"> 'Co'`, demo: 0 }], settings);
      expect(email.html).toContain("<li>A&amp;B &lt;&quot;Sons&quot;&gt; &#39;Co&#39;</li>");
    });
  });

  it("tells a manager the owner withdrew, and when the request was sent to them if known", () => {
    const withdrawn = { ...lead, withdrawn_at: "2026-11-26T09:00:00.000Z" } as LeadFacts;
    const body = "\n\nPlease delete the owner's name, email, phone number and address, and do not contact them about this request. We have erased them on our side.";
    expect(withdrawnMessage(withdrawn, manager, recipient)).toEqual({
      email: {
        to: "office@hillcountry.example.com",
        subject: "Request MG-4K7Q-2XRD withdrawn",
        text: `Hello Hill Country Homes,\n\nThe owner withdrew request MG-4K7Q-2XRD (Multi Family in Austin 78701) sent to you on November 25, 2026 at 10:00 AM UTC.${body}`,
      },
      event: { type: "lead.withdrawn", data: { reference: "MG-4K7Q-2XRD", agent_id: 7, withdrawn_at: "2026-11-26T09:00:00.000Z" } },
    });
    expect(withdrawnMessage(withdrawn, manager, undefined).email.text).toBe(
      `Hello Hill Country Homes,\n\nThe owner withdrew request MG-4K7Q-2XRD (Multi Family in Austin 78701).${body}`,
    );
  });

  it("tells an owner a manager now serves their ZIP, or how many do", () => {
    const text = (managers: string) =>
      [
        "Hello,",
        "",
        `When you sent request MG-4K7Q-2XRD, no property manager served ZIP 78701 for Multi Family properties. ${managers} now.`,
        "",
        "Choose who receives your request on its private page (nobody receives it until you choose):",
        "https://www.managely.test/requests/T",
      ].join("\n");
    expect(matchAvailableMessage(lead, { siteUrl, token: "T", managers: 1 })).toEqual({
      email: { to: "jordan.ellis@example.org", subject: "A property manager now serves ZIP 78701", text: text("One does") },
      event: { type: "lead.match_available", data: { reference: "MG-4K7Q-2XRD" } },
    });
    expect(matchAvailableMessage(lead, { siteUrl, token: "T", managers: 3 }).email.text).toBe(text("3 do"));
  });

  it("passes a profile's message to its manager, with the sender's phone when given", () => {
    const contact = { name: "Sam", email: "sam@example.org", mobile: "5125550100", message: "Hi\nthere", created_at: "2026-11-25T10:00:00.000Z" };
    const text = (phone: string[]) =>
      [
        "Hello Hill Country Homes,",
        "",
        "Sam sent you a message through your profile on Managely:",
        "",
        "Hi\nthere",
        "",
        "Name: Sam",
        "Email: sam@example.org",
        ...phone,
        "",
        "Reply to this email to answer them. Please use their details only to answer this message.",
      ].join("\n");
    expect(contactMessage(contact, manager)).toEqual({
      email: { to: "office@hillcountry.example.com", subject: "Message from Sam through Managely", text: text(["Phone: (512) 555-0100"]), replyTo: "sam@example.org" },
      event: {
        type: "contact.message",
        data: { agent_id: 7, name: "Sam", email: "sam@example.org", phone: "5125550100", message: "Hi\nthere", sent_at: "2026-11-25T10:00:00.000Z" },
      },
    });
    expect(contactMessage({ ...contact, mobile: "" }, manager).email.text).toBe(text([]));
  });

  it("sends the newsletter's confirmation link and a staff member's sign-in link", () => {
    expect(newsletterConfirmationMessage("reader@example.org", { siteUrl, token: "T" })).toEqual({
      email: {
        to: "reader@example.org",
        subject: "Confirm your Managely newsletter subscription",
        text: [
          "Hello,",
          "",
          "Please confirm that you want the Managely newsletter at this address by opening this link:",
          "https://www.managely.test/newsletter/confirm/T",
          "",
          "If you did not ask for it, ignore this email: without your confirmation nothing more is sent.",
        ].join("\n"),
      },
      event: { type: "newsletter.confirmation", data: {} },
    });
    expect(staffSignInMessage("staff@example.org", { siteUrl, token: "T" })).toEqual({
      email: {
        to: "staff@example.org",
        subject: "Sign in to the Managely workspace",
        text: [
          "Hello,",
          "",
          'Open this link to sign in to the Managely workspace, then press "Sign in" on the page it opens:',
          "https://www.managely.test/workspace/sign-in/T",
          "",
          "The link works once, within 15 minutes. If you did not ask for it, ignore this email: nobody can sign in without opening it.",
        ].join("\n"),
      },
      event: { type: "staff.sign_in", data: {} },
    });
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

describe.each(databaseKinds)("what renderMessage loads for each kind, and when it finds nothing to send, on %s", (kind) => {
  const siteUrl = "https://www.managely.test";
  let database: TestDatabase;
  let service: Service;
  let leadId: number;
  let reference: string;
  let agentId: number;
  let otherAgentId: number;
  let nextId = 1_000_000;

  /** An outbox row as the worker claims it (renderMessage reads only the row). */
  const row = (kind: OutboxKind, fields: Partial<OutboxRow> = {}): OutboxRow =>
    ({
      id: nextId++,
      idempotency_key: `key-${nextId}`,
      kind,
      channel: "file",
      lead_id: null,
      agent_id: null,
      contact_id: null,
      subscription_id: null,
      payload: "{}",
      status: "pending",
      attempts: 0,
      next_attempt_at: "2026-11-25T10:00:00.000Z",
      created_at: "2026-11-25T10:00:00.000Z",
      ...fields,
    }) as OutboxRow;
  const render = (kind: OutboxKind, fields: Partial<OutboxRow> = {}, payload?: Record<string, string>) =>
    renderMessage(database.db, row(kind, { ...fields, ...(payload ? { payload: JSON.stringify(payload) } : {}) }), { siteUrl });
  const setLead = (values: { withdrawn_at?: string | null; email_address?: string }) => database.db.updateTable("leads").set(values).where("id", "=", leadId).execute();
  const managerEmail = async (id: number) => (await database.db.selectFrom("agents").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: 1000 });
    const agents = (await callAsSite(service, "agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
    [agentId, otherAgentId] = [agents[0].agent_id, agents[1].agent_id];
    const saved = await callAsSite(service, "lead/save", {
      ...AUSTIN_REQUEST,
      agent_ids: [agentId],
    });
    expect(saved.status).toBe(200);
    reference = saved.body.reference;
    leadId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", reference).executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  afterEach(async () => {
    await setLead({ withdrawn_at: null, email_address: "jordan.ellis@example.org" });
  });

  it("a new request: to the manager it went to, with a proposal link when the row has a token; nothing once withdrawn or for a manager it did not go to", async () => {
    const plain = (await render("lead.new", { lead_id: leadId, agent_id: agentId }))!;
    expect(plain.email.to).toBe(await managerEmail(agentId));
    expect(plain.email.subject).toBe(`New request ${reference}: Multi Family in Austin 78701`);
    expect(plain.email.text).toContain(". Nobody else received it.\n");
    expect(plain.event.data).not.toHaveProperty("proposal_url");
    const linked = (await render("lead.new", { lead_id: leadId, agent_id: agentId }, { proposal_token: "PROPOSAL_TOKEN_abcdefgh" }))!;
    expect(linked.event.data.proposal_url).toBe(`${siteUrl}/proposals/PROPOSAL_TOKEN_abcdefgh`);

    expect(await render("lead.new", { lead_id: leadId, agent_id: otherAgentId })).toBeNull();
    expect(await render("lead.new", { lead_id: leadId, agent_id: 999_999 })).toBeNull();
    expect(await render("lead.new", { lead_id: 999_999, agent_id: agentId })).toBeNull();
    await setLead({ withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.new", { lead_id: leadId, agent_id: agentId })).toBeNull();
  });

  it("the owner's confirmation: to the owner, naming the chosen manager, only with both tokens, an address, and a lead not withdrawn", async () => {
    const tokens = { token: "PAGE_TOKEN_abcdefghijkl", confirm_token: "CONFIRM_TOKEN_abcdefghi" };
    const rendered = (await render("lead.confirmation", { lead_id: leadId }, tokens))!;
    expect(rendered.email.to).toBe("jordan.ellis@example.org");
    expect(rendered.email.text).toContain("\nIt is to go to:\n- ");
    expect(rendered.email.text).toContain(`${siteUrl}/requests/confirm/CONFIRM_TOKEN_abcdefghi\n`);
    expect(rendered.email.text).toContain(`${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl\n`);

    expect(await render("lead.confirmation", { lead_id: leadId }, { token: tokens.token })).toBeNull();
    expect(await render("lead.confirmation", { lead_id: leadId }, { confirm_token: tokens.confirm_token })).toBeNull();
    expect(await render("lead.confirmation", { lead_id: 999_999 }, tokens)).toBeNull();
    await setLead({ email_address: "" });
    expect(await render("lead.confirmation", { lead_id: leadId }, tokens)).toBeNull();
    await setLead({ email_address: "jordan.ellis@example.org", withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.confirmation", { lead_id: leadId }, tokens)).toBeNull();
  });

  it("a withdrawal: to each manager, saying when the request was sent to them when it was; nothing without the lead or the manager", async () => {
    await setLead({ withdrawn_at: "2026-11-26T09:00:00.000Z" });
    const rendered = (await render("lead.withdrawn", { lead_id: leadId, agent_id: agentId }))!;
    expect(rendered.email.to).toBe(await managerEmail(agentId));
    expect(rendered.email.text).toMatch(new RegExp(`The owner withdrew request ${reference} \\(Multi Family in Austin 78701\\) sent to you on .+ UTC\\.\\n`));
    expect(rendered.event.data).toMatchObject({ reference, agent_id: agentId, withdrawn_at: "2026-11-26T09:00:00.000Z" });
    const notSent = (await render("lead.withdrawn", { lead_id: leadId, agent_id: otherAgentId }))!;
    expect(notSent.email.text).toContain(`The owner withdrew request ${reference} (Multi Family in Austin 78701).\n`);

    expect(await render("lead.withdrawn", { lead_id: leadId, agent_id: 999_999 })).toBeNull();
    expect(await render("lead.withdrawn", { lead_id: 999_999, agent_id: agentId })).toBeNull();
  });

  it("a match now available: to the owner, with the number of managers (one unless the row says), only with a token, an address, and a lead not withdrawn", async () => {
    const rendered = (await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl", managers: "3" }))!;
    expect(rendered.email.to).toBe("jordan.ellis@example.org");
    expect(rendered.email.text).toContain(" 3 do now.\n");
    expect(rendered.email.text).toContain(`${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl`);
    expect((await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" }))!.email.text).toContain(" One does now.\n");

    expect(await render("lead.match_available", { lead_id: leadId }, {})).toBeNull();
    expect(await render("lead.match_available", { lead_id: 999_999 }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
    await setLead({ email_address: "" });
    expect(await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
    await setLead({ email_address: "jordan.ellis@example.org", withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
  });

  it("a profile's message: to its manager; nothing without the message or the manager", async () => {
    const { id: contactId } = await database.db
      .insertInto("contact_messages")
      .values({ name: "Sam", email: "sam@example.org", mobile: "", message: "Hi", agent_id: agentId, created_at: "2026-11-25T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rendered = (await render("contact.message", { contact_id: Number(contactId), agent_id: agentId }))!;
    expect(rendered.email).toMatchObject({ to: await managerEmail(agentId), subject: "Message from Sam through Managely", replyTo: "sam@example.org" });
    expect(await render("contact.message", { contact_id: Number(contactId), agent_id: 999_999 })).toBeNull();
    expect(await render("contact.message", { contact_id: 999_999, agent_id: agentId })).toBeNull();
  });

  it("the newsletter's confirmation: to the subscriber, only with a token and until the subscription is confirmed", async () => {
    const subscribe = async (email: string, confirmedAt: string | null) =>
      Number(
        (
          await database.db
            .insertInto("newsletter_subscriptions")
            .values({ email_address: email, email_lower: email, created_at: "2026-11-25T10:00:00.000Z", confirmed_at: confirmedAt, confirm_token_hash: null, confirmation_sent_at: null })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const waiting = await subscribe("reader@example.org", null);
    const rendered = (await render("newsletter.confirmation", { subscription_id: waiting }, { token: "NEWSLETTER_TOKEN" }))!;
    expect(rendered.email.to).toBe("reader@example.org");
    expect(rendered.email.text).toContain(`${siteUrl}/newsletter/confirm/NEWSLETTER_TOKEN\n`);
    expect(await render("newsletter.confirmation", { subscription_id: waiting }, {})).toBeNull();
    expect(await render("newsletter.confirmation", { subscription_id: 999_999 }, { token: "NEWSLETTER_TOKEN" })).toBeNull();
    const confirmed = await subscribe("done@example.org", "2026-11-25T11:00:00.000Z");
    expect(await render("newsletter.confirmation", { subscription_id: confirmed }, { token: "NEWSLETTER_TOKEN" })).toBeNull();
  });

  it("a staff sign-in link: to the staff member, only with a user and a token, and never to a banned one", async () => {
    const addStaff = (id: string, email: string, banned: boolean) => insertStaff(database, [{ id, name: id, email, role: "editor", banned }], "2026-11-25T10:00:00.000Z");
    await addStaff("render-staff", "staff@example.org", false);
    await addStaff("render-banned", "banned@example.org", true);
    const rendered = (await render("staff.sign_in", {}, { user_id: "render-staff", token: "SIGN_IN_TOKEN" }))!;
    expect(rendered.email.to).toBe("staff@example.org");
    expect(rendered.email.text).toContain(`${siteUrl}/workspace/sign-in/SIGN_IN_TOKEN\n`);
    expect(await render("staff.sign_in", {}, { user_id: "render-staff" })).toBeNull();
    expect(await render("staff.sign_in", {}, { token: "SIGN_IN_TOKEN" })).toBeNull();
    expect(await render("staff.sign_in", {}, { user_id: "render-banned", token: "SIGN_IN_TOKEN" })).toBeNull();
  });

  it("a CDN purge and the proposal kinds: written by their own modules from the row's payload", async () => {
    expect((await render("cdn.purge", {}, { paths: JSON.stringify(["/agents/TX"]) }))!.event).toEqual({
      type: "cdn.purge",
      data: { paths: ["/agents/TX"], urls: [`${siteUrl}/agents/TX`] },
    });
    expect(await render("cdn.purge", { payload: "" })).toBeNull();
    expect((await render("request.declined", { lead_id: leadId, agent_id: agentId }))!.event.type).toBe("request.declined");
    expect((await render("request.accepted", { lead_id: leadId, agent_id: agentId }))!.event.type).toBe("request.accepted");
    const at = new Date().toISOString();
    await database.db
      .insertInto("proposals")
      .values({
        lead_id: leadId,
        agent_id: agentId,
        revision: 1,
        created_at: at,
        updated_at: at,
        management_percent: 8,
        management_flat: null,
        leasing_percent: null,
        setup_fee: null,
        renewal_fee: null,
        maintenance_markup_percent: null,
        contract_months: 12,
        start_date: "2026-12-01",
        services: "[]",
        message: "",
      })
      .execute();
    expect((await render("proposal.saved", { lead_id: leadId, agent_id: agentId }))!.event).toMatchObject({ type: "proposal.saved", data: { reference, agent_id: agentId } });
    const summary = (await render("proposal.summary", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" }))!;
    expect(summary.event).toEqual({ type: "proposal.summary", data: { reference, proposals: 1 } });
    expect(summary.email.text).toContain(`\n${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl\n`);
  });

  it("passes a subject's line break on to no header (renderMessage keeps headers one line)", async () => {
    const { id: contactId } = await database.db
      .insertInto("contact_messages")
      .values({ name: "Sam\nBcc: victim@example.com", email: "sam@example.org", mobile: "", message: "Hi", agent_id: agentId, created_at: "2026-11-25T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await render("contact.message", { contact_id: Number(contactId), agent_id: agentId }))!.email.subject).toBe("Message from Sam Bcc: victim@example.com through Managely");
  });
});
