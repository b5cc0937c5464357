import { CONFIRM, SAVED } from "../contract/messages";
import { announcePostgres, AUSTIN_LEAD, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** The owner's request, with the three kinds of answer the questionnaire stores. */
const validLead = {
  ...AUSTIN_LEAD,
  exam: [
    { question: "How many units are in the building?", answer: "5-10 units" },
    { question: "Which services do you want?", answer: ["Rent collection", "Maintenance coordination"] },
    { question: "Anything else?", answer: "" },
  ],
};

/** The save calls: what lead/save, agent/save, contact/save and newsletter/save store, refuse and ignore. */
describe.each(databaseKinds)("saves on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;
  const countRows = async (table: "leads" | "newsletter_subscriptions" | "agent_applications" | "contact_messages") =>
    Number((await suite.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("lead/save stores every field and the answers before it answers success", async () => {
    const before = await countRows("leads");
    const saved = await call("lead/save", { ...validLead, submission_key: "lead-store-all-fields" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: CONFIRM.leadAwaiting(saved.body.reference, []),
      confirmation: "emailed",
      reference: expect.stringMatching(/^MG-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      recipients: [],
      request_path: expect.stringMatching(/^\/requests\/[A-Za-z0-9_-]{22}$/),
    });
    expect(await countRows("leads")).toBe(before + 1);
    const row = await suite.database.db
      .selectFrom("leads")
      .selectAll()
      .where("submission_key", "=", "lead-store-all-fields")
      .executeTakeFirstOrThrow();
    const { exam, ...fields } = validLead;
    expect(row).toMatchObject(fields);
    expect(JSON.parse(row.exam)).toEqual(exam);
  });

  it("lead/save with a repeated submission key stores one row and answers success each time", async () => {
    const before = await countRows("leads");
    const body = { ...validLead, email_address: "double.click@example.org", submission_key: "double-click-1234" };
    const answers = await Promise.all([call("lead/save", body), call("lead/save", body), call("lead/save", body)]);
    const reference = answers[0].body.reference;
    for (const answer of answers) expect(answer.body).toMatchObject({ success: true, message: CONFIRM.leadAwaiting(reference, []), reference });
    expect(await countRows("leads")).toBe(before + 1);
  });

  it("lead/save takes the quote-guarantee lead: mobile number and price, no contact method or answers", async () => {
    const { preferred_contact_method: _method, exam: _exam, full_name: _name, email_address: _email, ...rest } = validLead;
    const saved = await call("lead/save", { ...rest, property_number: "5125550199", price: 135, submission_key: "guarantee-1" });
    expect(saved.status).toBe(200);
    const row = await suite.database.db.selectFrom("leads").selectAll().where("submission_key", "=", "guarantee-1").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ property_number: "5125550199", price: "135", preferred_contact_method: "", exam: "[]" });

    const noPhone = await call("lead/save", { ...rest, property_number: "" });
    expect(noPhone.body.message).toBe("Please enter phone number.");
  });

  it("lead/save names the first invalid field the way the spec words it, and stores nothing", async () => {
    const before = await countRows("leads");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ property_category: 5 }, "Please select a valid property type.", "property_category"],
      [{ property_category: "1" }, "Please select a valid property type.", "property_category"],
      [{ property_address: "  " }, "Please enter address.", "property_address"],
      [{ property_address: "", property_city: "" }, "Please enter address.", "property_address"],
      [{ property_city: undefined }, "Please enter city.", "property_city"],
      [{ property_zip: "" }, "Please enter zip.", "property_zip"],
      [{ property_zip: "7870" }, "Please enter a valid 5-digit ZIP code.", "property_zip"],
      [{ full_name: "" }, "Please enter full name.", "full_name"],
      [{ email_address: "" }, "Please enter email address.", "email_address"],
      [{ email_address: "jordan@" }, "Please enter a valid email address.", "email_address"],
      [{ preferred_contact_method: "" }, "Please select preferred contact method.", "preferred_contact_method"],
      [{ preferred_contact_method: "Phone", property_number: "" }, "Please enter phone number.", "property_number"],
      [{ property_number: "12345" }, "Please enter a valid 10-digit phone number.", "property_number"],
      [{ full_name: 42 }, "Full name must be text.", "full_name"],
      [{ exam: "yes" }, "Answers must be a list.", "exam"],
      [{ price: 99 }, "Please choose a price between $100 and $150.", "price"],
    ];
    // The message names the first invalid field, and `field` says which one (a form focuses it).
    for (const [change, message, field] of cases) {
      const answer = await call("lead/save", { ...validLead, ...change });
      expect({ change, ...answer }).toEqual({ change, status: 400, body: { success: false, message, field } });
    }
    expect(await countRows("leads")).toBe(before);
  });

  it("lead/save with Email as the method does not need a phone", async () => {
    const answer = await call("lead/save", { ...validLead, preferred_contact_method: "Email", property_number: "" });
    expect(answer.status).toBe(200);
  });

  it("agent/save stores an application and names the first invalid field", async () => {
    const before = await countRows("agent_applications");
    const valid = { company_name: "Lone Star Rentals", email: "hello@lonestar.example", country_code: 1, mobile: "5125550100" };
    expect((await call("agent/save", valid)).body).toEqual({ success: true, message: SAVED.agentApplication });
    expect((await call("agent/save", { ...valid, country_code: "91" })).status).toBe(200);
    expect(await countRows("agent_applications")).toBe(before + 2);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ company_name: "" }, "Please enter company name.", "company_name"],
      [{ email: undefined }, "Please enter email address.", "email"],
      [{ email: "not-an-email" }, "Please enter a valid email address.", "email"],
      [{ country_code: 44 }, "Please select a valid country code.", "country_code"],
      [{ mobile: "" }, "Please enter mobile number.", "mobile"],
      [{ mobile: "12345678901" }, "Please enter a valid 10-digit mobile number.", "mobile"],
    ];
    for (const [change, message, field] of cases) {
      expect((await call("agent/save", { ...valid, ...change })).body).toEqual({ success: false, message, field });
    }
    expect(await countRows("agent_applications")).toBe(before + 2);
  });

  it("contact/save stores a message for the site or for a manager", async () => {
    const before = await countRows("contact_messages");
    const valid = { name: "Sam Lee", email: "sam@example.org", mobile: "", message: "Do you cover Round Rock?", agent_id: 0 };
    expect((await call("contact/save", valid)).body).toEqual({ success: true, message: SAVED.contact });

    const agent = await suite.database.db.selectFrom("agents").select(["id", "company_name"]).executeTakeFirstOrThrow();
    const toAgent = await call("contact/save", { ...valid, agent_id: agent.id, mobile: "(512) 555-0123" });
    // Every seeded manager is a sample listing: the answer must not pretend the company got it.
    expect(toAgent.body.message).toBe(SAVED.contactForSampleAgent(agent.company_name));
    const stored = await suite.database.db.selectFrom("contact_messages").selectAll().where("agent_id", "=", agent.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: "Sam Lee", mobile: "5125550123", message: "Do you cover Round Rock?" });
    expect(await countRows("contact_messages")).toBe(before + 2);

    expect((await call("contact/save", { ...valid, agent_id: 999999 })).status).toBe(404);
    expect((await call("contact/save", { ...valid, name: "" })).body.message).toBe("Please enter full name.");
    expect((await call("contact/save", { ...valid, message: " " })).body.message).toBe("Please enter message.");
    expect((await call("contact/save", { ...valid, mobile: "555" })).body.message).toBe("Please enter a valid 10-digit phone number.");
    expect((await call("contact/save", { ...valid, agent_id: "7" })).body.message).toBe("The manager id must be a number.");
    expect(await countRows("contact_messages")).toBe(before + 2);
  });

  it("newsletter/save stores an address once whatever its case, and says so", async () => {
    const before = await countRows("newsletter_subscriptions");
    const first = await call("newsletter/save", { email_address: "Reader@Example.org" });
    const again = await call("newsletter/save", { email_address: "reader@example.ORG" });
    // Double opt-in: both are told to open the link; the address is stored once (contact-newsletter.test.ts).
    expect(first.body).toEqual({ success: true, message: SAVED.subscribed });
    expect(again.body).toEqual({ success: true, message: SAVED.subscribed });
    expect(await countRows("newsletter_subscriptions")).toBe(before + 1);

    expect((await call("newsletter/save", { email_address: "" })).body.message).toBe("Please enter email address.");
    expect((await call("newsletter/save", {})).body.message).toBe("Please enter email address.");
    expect((await call("newsletter/save", { email_address: "a@b" })).body.message).toBe("Please enter a valid email address.");
    expect(await countRows("newsletter_subscriptions")).toBe(before + 1);
  });

  describe("spam", () => {
    it("answers a filled honeypot with success and stores nothing, on every save call", async () => {
      const tables = ["leads", "agent_applications", "contact_messages", "newsletter_subscriptions"] as const;
      const before = await Promise.all(tables.map(countRows));
      const trap = { website: "http://spam.example" };
      const answers = await Promise.all([
        call("lead/save", { ...validLead, ...trap, submission_key: "bot-lead-1" }),
        call("agent/save", { company_name: "Bot Co", email: "bot@example.org", country_code: 1, mobile: "5125550100", ...trap }),
        call("contact/save", { name: "Bot", email: "bot@example.org", message: "Buy now", ...trap }),
        call("newsletter/save", { email_address: "bot@example.org", ...trap }),
      ]);
      for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { success: true } });
      expect(await Promise.all(tables.map(countRows))).toEqual(before);
    });
  });

  describe("control characters and long input", () => {
    const saves = {
      "lead/save": validLead,
      "agent/save": { company_name: "Prairie Homes", email: "office@prairie.example", country_code: 1, mobile: "5125550100" },
      "contact/save": { name: "Riley", email: "riley@example.org", mobile: "5125550111", message: "Hello" },
      "newsletter/save": { email_address: "reader@example.org" },
    } as const;
    const textFields = (body: Record<string, unknown>) => Object.entries(body).filter(([, value]) => typeof value === "string").map(([field]) => field);

    it.each(Object.keys(saves))("%s refuses a NUL or another control character in any text field and stores nothing", async (name) => {
      const tables = ["leads", "agent_applications", "contact_messages", "newsletter_subscriptions"] as const;
      const before = await Promise.all(tables.map(countRows));
      const body = saves[name as keyof typeof saves] as Record<string, unknown>;
      for (const field of textFields(body)) {
        for (const bad of ["\u0000", "\u0007", "\u001b[2J", "\u0085"]) {
          const answer = await call(name, { ...body, [field]: `${String(body[field]).slice(0, 3)}${bad}x` });
          expect({ field, bad, status: answer.status }).toEqual({ field, bad, status: 400 });
          expect(answer.body.success).toBe(false);
        }
      }
      expect(await Promise.all(tables.map(countRows))).toEqual(before);
    });

    it("keeps tabs and line breaks, which addresses and messages use", async () => {
      const answer = await call("contact/save", { ...saves["contact/save"], message: "Line one\r\nLine two\twith a tab" });
      expect(answer.status).toBe(200);
    });

    it("refuses control characters in answers and in lookups, with a 400, never a 500", async () => {
      const withBadAnswer = { ...validLead, submission_key: "control-answer-1", exam: [{ question: "Anything else?", answer: "a\u0000b" }] };
      expect((await call("lead/save", withBadAnswer)).status).toBe(400);
      for (const [name, body] of [
        ["agents/list", { state: "TX\u0000", city: "austin" }],
        ["law/get", { state: "tex\u0000as" }],
        ["blog/get", { slug: "a\u0000" }],
        ["agent/get", { agent_id: 1, state: "T\u0000X" }],
      ] as const) {
        expect((await call(name, body)).status).toBe(400);
      }
    });

    it("refuses a 16 KiB email address on its length", async () => {
      const long = `${"a".repeat(16_000)}@${"b".repeat(300)}`;
      const answer = await call("newsletter/save", { email_address: long });
      expect(answer).toEqual({ status: 400, body: { success: false, message: "Email address must be at most 254 characters.", field: "email_address" } });
    });
  });
});
