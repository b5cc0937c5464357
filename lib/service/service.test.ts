import { contract, lawDocumentSchema, CALL_NAMES } from "../api/contract";
import { createService, type Service } from ".";
import { MESSAGES } from "./handlers";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "../testing/test-database";

announcePostgres();

const validLead = {
  property_category: 2,
  property_address: "1200 Congress Avenue\nUnit 4",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Avery",
  email_address: "jordan.avery@example.org",
  property_number: "5125550147",
  preferred_contact_method: "Phone",
  price: "",
  exam: [
    { question: "How many units are in the building?", answer: "5-10 units" },
    { question: "Which services do you want?", answer: ["Rent collection", "Maintenance coordination"] },
    { question: "Anything else?", answer: "" },
  ],
};

describe.each(databaseKinds)("service on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = async (name: string, body: unknown) => {
    const result = await service.handle(name, body);
    return { status: result.status, body: result.body as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const countRows = async (table: "leads" | "newsletter_subscriptions" | "agent_applications" | "contact_messages") =>
    Number(
      (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createService(async () => ({ db: database.db, halfStateCount: 10 }));
  });
  afterAll(async () => database?.destroy());

  describe("content calls", () => {
    it("page/get answers the page record, and 404 for an unknown id", async () => {
      const found = await call("page/get", { page_id: 1 });
      expect(found.status).toBe(200);
      expect(found.body.pageData).toMatchObject({ page_id: 1, status: 1 });
      expect(found.body.pageData.heading.length).toBeGreaterThan(5);
      expect(contract["page/get"].response.safeParse(found.body).success).toBe(true);

      const missing = await call("page/get", { page_id: 999 });
      expect(missing).toEqual({ status: 404, body: { success: false, message: "We could not find page 999." } });
    });

    it("serves every page id the spec names", async () => {
      for (const pageId of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21]) {
        expect((await call("page/get", { page_id: pageId })).status).toBe(200);
      }
    });

    it("testimonial/list and testimonial/get give neighbours in display order, 0 at the ends", async () => {
      const list = await call("testimonial/list", { type: "Featured" });
      const ids: number[] = list.body.testimonials.map((t: { id: number }) => t.id);
      expect(ids).toHaveLength(6);

      const first = await call("testimonial/get", { id: ids[0] });
      expect(first.body.testimonial).toMatchObject({ id: ids[0], previous_id: 0, next_id: ids[1] });
      const middle = await call("testimonial/get", { id: ids[2] });
      expect(middle.body.testimonial).toMatchObject({ previous_id: ids[1], next_id: ids[3] });
      const last = await call("testimonial/get", { id: ids[5] });
      expect(last.body.testimonial).toMatchObject({ previous_id: ids[4], next_id: 0 });
      expect((await call("testimonial/get", { id: 4242 })).status).toBe(404);
    });

    it("blogs/list answers featured posts newest first, or all of them", async () => {
      const featured = await call("blogs/list", { type: "Featured" });
      const all = await call("blogs/list", {});
      expect(featured.body.blogs.length).toBeGreaterThanOrEqual(3);
      expect(all.body.blogs.length).toBeGreaterThanOrEqual(8);
      expect(featured.body.blogs.length).toBeLessThan(all.body.blogs.length);
      const dates = all.body.blogs.map((blog: { post_date: string }) => blog.post_date);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it("blog/get finds a post by slug, 404 otherwise", async () => {
      const { blogs } = (await call("blogs/list", {})).body;
      const found = await call("blog/get", { slug: blogs[0].slug });
      expect(found.body.blog).toMatchObject({ slug: blogs[0].slug, heading: blogs[0].heading });
      expect((await call("blog/get", { slug: "no-such-post" })).status).toBe(404);
    });

    it("faq/list answers the featured FAQs in order", async () => {
      const { body } = await call("faq/list", { type: "Featured" });
      expect(body.faqs.length).toBeGreaterThanOrEqual(12);
      expect(body.faqs[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
    });
  });

  describe("places", () => {
    it("state/code/list Half answers the ten largest states, CA first", async () => {
      const { body } = await call("state/code/list", { type: "Featured", length: "Half" });
      expect(body.length).toBe("Half");
      expect(body.states.map((s: { abbreviation: string }) => s.abbreviation)).toEqual([
        "CA", "TX", "FL", "NY", "PA", "IL", "OH", "GA", "NC", "MI",
      ]);
      expect(body.first_state).toEqual({ id: body.states[0].id, abbreviation: "CA" });
    });

    it("state/code/list Full (or no length) answers all 51, featured first", async () => {
      const full = await call("state/code/list", { type: "Featured", length: "Full" });
      const none = await call("state/code/list", { type: "Featured" });
      expect(full.body.states).toHaveLength(51);
      expect(full.body.length).toBe("Full");
      expect(none.body).toEqual(full.body);
      expect(full.body.states.slice(0, 2).map((s: { abbreviation: string }) => s.abbreviation)).toEqual(["CA", "TX"]);
      expect(full.body.states.map((s: { state: string }) => s.state)).toContain("District of Columbia");
    });

    it("city/list answers cities by population: Half the first 12, Full all, count the total", async () => {
      const states = (await call("state/code/list", {})).body.states;
      const texas = states.find((s: { abbreviation: string }) => s.abbreviation === "TX");
      const half = await call("city/list", { state_id: texas.id, length: "Half" });
      expect(half.body.length).toBe("Half");
      expect(half.body.cities).toHaveLength(12);
      expect(half.body.cities.slice(0, 3).map((c: { city: string }) => c.city)).toEqual(["Houston", "San Antonio", "Dallas"]);
      expect(half.body.count).toBe(60);
      const full = await call("city/list", { state_id: texas.id, length: "Full" });
      expect(full.body.cities).toHaveLength(60);
      expect(full.body.count).toBe(60);

      const dc = states.find((s: { abbreviation: string }) => s.abbreviation === "DC");
      expect((await call("city/list", { state_id: dc.id })).body).toMatchObject({ count: 1, cities: [{ city: "Washington" }] });
      expect((await call("city/list", { state_id: 9999 })).status).toBe(404);
    });

    it("law/get accepts the slug or the abbreviation and answers JSON text of scrapedData", async () => {
      const bySlug = await call("law/get", { state: "texas" });
      const byAbbreviation = await call("law/get", { state: "TX" });
      expect(bySlug.status).toBe(200);
      expect(byAbbreviation.body).toEqual(bySlug.body);
      expect(bySlug.body.stateData.state).toBe("Texas");
      const document = lawDocumentSchema.parse(JSON.parse(bySlug.body.stateData.laws));
      const titles = document.scrapedData.map((section) => section.sectionTitle);
      expect(titles).toEqual(expect.arrayContaining(["Security Deposits", "Statutes Cited", "Important Notice", "Sources"]));
      const table = document.scrapedData.find((section) => section.sectionTitle === "Statutes Cited")!;
      expect(table.content[0].rows).toContainEqual({ code: "Tex. Prop. Code § 24.005", description: "Notice for nonpayment of rent" });
      expect((await call("law/get", { state: "atlantis" })).status).toBe(404);
    });
  });

  describe("directory", () => {
    it("agents/list finds a city by name or slug in any case and filters by category", async () => {
      const byName = await call("agents/list", { cate_id: 1, state: "TX", city: "Austin" });
      const bySlug = await call("agents/list", { cate_id: 1, state: "tx", city: "austin" });
      expect(byName.status).toBe(200);
      expect(bySlug.body).toEqual(byName.body);
      const agents = byName.body.agents.data;
      expect(agents.length).toBeGreaterThanOrEqual(3);
      for (const agent of agents) {
        expect(agent.category_ids).toContain(1);
        expect(agent).toMatchObject({ city: "Austin", state: "TX" });
      }
      const commercial = await call("agents/list", { cate_id: 8, state: "TX", city: "Austin" });
      for (const agent of commercial.body.agents.data) expect(agent.category_ids).toContain(8);

      const spaced = await call("agents/list", { state: "NY", city: "New York" });
      expect(spaced.body.city.slug).toBe("new-york");
    });

    it("agents/list answers an empty list for a known city without managers, 404 for unknown places", async () => {
      const quiet = await call("agents/list", { state: "TX", city: "Mission" });
      expect(quiet.status).toBe(200);
      expect(quiet.body.agents).toMatchObject({ data: [], total: 0 });
      expect((await call("agents/list", { state: "ZZ", city: "Austin" })).status).toBe(404);
      expect((await call("agents/list", { state: "TX", city: "Gotham" })).status).toBe(404);
    });

    it("agent/get answers a manager's public profile and 404 for an unknown id", async () => {
      const listed = (await call("agents/list", { state: "TX", city: "Austin" })).body.agents.data[0];
      const found = await call("agent/get", { agent_id: listed.agent_id, state: "TX", city: "austin" });
      expect(found.body.agent_data).toEqual(listed);
      expect((await call("agent/get", { agent_id: 987654 })).status).toBe(404);
    });

    it("never puts a manager's own email or phone in a public response", async () => {
      const privateRow = await database.db.selectFrom("agents").select(["id", "email", "phone", "city_id"]).executeTakeFirstOrThrow();
      const city = await database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.slug", "states.abbreviation"])
        .where("cities.id", "=", privateRow.city_id)
        .executeTakeFirstOrThrow();
      const responses = [
        await call("agent/get", { agent_id: privateRow.id }),
        await call("agents/list", { state: city.abbreviation, city: city.slug, per_page: 100 }),
      ];
      for (const category of [2, 3, 8]) {
        responses.push(await call("agents/list", { cate_id: category, state: city.abbreviation, city: city.slug, per_page: 100 }));
      }
      for (const response of responses) {
        const text = JSON.stringify(response.body);
        expect(text).not.toContain(privateRow.email);
        expect(text).not.toContain(privateRow.phone);
        expect(text).not.toMatch(/"(email|phone)"/);
      }
    });

    it("question/list answers each category's questions in order, mixing the three types", async () => {
      for (const type of [1, 2, 3, 8]) {
        const { body } = await call("question/list", { type });
        expect(body.questions.length).toBeGreaterThanOrEqual(5);
        expect(body.questions.length).toBeLessThanOrEqual(8);
        const kinds = new Set(body.questions.map((q: { type: string }) => q.type));
        expect(kinds).toEqual(new Set(["single", "multi", "fill_blank"]));
      }
      expect(await call("question/list", { type: 4 })).toEqual({
        status: 400,
        body: { success: false, message: "Please select a valid property type." },
      });
    });
  });

  describe("saves", () => {
    it("lead/save stores every field and the answers before it answers success", async () => {
      const before = await countRows("leads");
      const saved = await call("lead/save", { ...validLead, submission_key: "lead-store-all-fields" });
      expect(saved).toEqual({ status: 200, body: { success: true, message: MESSAGES.leadSaved } });
      expect(await countRows("leads")).toBe(before + 1);
      const row = await database.db
        .selectFrom("leads")
        .selectAll()
        .where("submission_key", "=", "lead-store-all-fields")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        property_category: 2,
        property_address: "1200 Congress Avenue\nUnit 4",
        property_city: "Austin",
        property_zip: "78701",
        property_price: "",
        full_name: "Jordan Avery",
        email_address: "jordan.avery@example.org",
        property_number: "5125550147",
        preferred_contact_method: "Phone",
        price: "",
      });
      expect(JSON.parse(row.exam)).toEqual(validLead.exam);
    });

    it("lead/save with a repeated submission key stores one row and answers success each time", async () => {
      const before = await countRows("leads");
      const body = { ...validLead, submission_key: "double-click-1234" };
      const answers = await Promise.all([call("lead/save", body), call("lead/save", body), call("lead/save", body)]);
      for (const answer of answers) expect(answer.body).toEqual({ success: true, message: MESSAGES.leadSaved });
      expect(await countRows("leads")).toBe(before + 1);
    });

    it("lead/save takes the quote-guarantee lead: mobile number and price, no contact method or answers", async () => {
      const { preferred_contact_method: _method, exam: _exam, full_name: _name, email_address: _email, ...rest } = validLead;
      const saved = await call("lead/save", { ...rest, property_number: "5125550199", price: 135, submission_key: "guarantee-1" });
      expect(saved.status).toBe(200);
      const row = await database.db.selectFrom("leads").selectAll().where("submission_key", "=", "guarantee-1").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ property_number: "5125550199", price: "135", preferred_contact_method: "", exam: "[]" });

      const noPhone = await call("lead/save", { ...rest, property_number: "" });
      expect(noPhone.body.message).toBe("Please enter phone number.");
    });

    it("lead/save names the first invalid field the way the spec words it, and stores nothing", async () => {
      const before = await countRows("leads");
      const cases: [Record<string, unknown>, string][] = [
        [{ property_category: 5 }, "Please select a valid property type."],
        [{ property_category: "1" }, "Please select a valid property type."],
        [{ property_address: "  " }, "Please enter address."],
        [{ property_address: "", property_city: "" }, "Please enter address."],
        [{ property_city: undefined }, "Please enter city."],
        [{ property_zip: "" }, "Please enter zip."],
        [{ property_zip: "7870" }, "Please enter a valid 5-digit ZIP code."],
        [{ full_name: "" }, "Please enter full name."],
        [{ email_address: "" }, "Please enter email address."],
        [{ email_address: "jordan@" }, "Please enter a valid email address."],
        [{ preferred_contact_method: "" }, "Please select preferred contact method."],
        [{ preferred_contact_method: "Phone", property_number: "" }, "Please enter phone number."],
        [{ property_number: "12345" }, "Please enter a valid 10-digit phone number."],
        [{ full_name: 42 }, "Full name must be text."],
        [{ exam: "yes" }, "Answers must be a list."],
        [{ price: 99 }, "Please choose a price between $100 and $150."],
      ];
      for (const [change, message] of cases) {
        const answer = await call("lead/save", { ...validLead, ...change });
        expect({ change, ...answer }).toEqual({ change, status: 400, body: { success: false, message } });
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
      expect((await call("agent/save", valid)).body).toEqual({ success: true, message: MESSAGES.agentSaved });
      expect((await call("agent/save", { ...valid, country_code: "91" })).status).toBe(200);
      expect(await countRows("agent_applications")).toBe(before + 2);

      const cases: [Record<string, unknown>, string][] = [
        [{ company_name: "" }, "Please enter company name."],
        [{ email: undefined }, "Please enter email address."],
        [{ email: "not-an-email" }, "Please enter a valid email address."],
        [{ country_code: 44 }, "Please select a valid country code."],
        [{ mobile: "" }, "Please enter mobile number."],
        [{ mobile: "12345678901" }, "Please enter a valid 10-digit mobile number."],
      ];
      for (const [change, message] of cases) {
        expect((await call("agent/save", { ...valid, ...change })).body).toEqual({ success: false, message });
      }
      expect(await countRows("agent_applications")).toBe(before + 2);
    });

    it("contact/save stores a message for the site or for a manager", async () => {
      const before = await countRows("contact_messages");
      const valid = { name: "Sam Lee", email: "sam@example.org", mobile: "", message: "Do you cover Round Rock?", agent_id: 0 };
      expect((await call("contact/save", valid)).body).toEqual({ success: true, message: MESSAGES.contactSaved });

      const agent = await database.db.selectFrom("agents").select(["id", "company_name"]).executeTakeFirstOrThrow();
      const toAgent = await call("contact/save", { ...valid, agent_id: agent.id, mobile: "(512) 555-0123" });
      expect(toAgent.body.message).toBe(MESSAGES.contactSavedForAgent(agent.company_name));
      const stored = await database.db.selectFrom("contact_messages").selectAll().where("agent_id", "=", agent.id).executeTakeFirstOrThrow();
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
      expect(first.body).toEqual({ success: true, message: MESSAGES.subscribed });
      expect(again.body).toEqual({ success: true, message: MESSAGES.alreadySubscribed });
      expect(await countRows("newsletter_subscriptions")).toBe(before + 1);

      expect((await call("newsletter/save", { email_address: "" })).body.message).toBe("Please enter email address.");
      expect((await call("newsletter/save", {})).body.message).toBe("Please enter email address.");
      expect((await call("newsletter/save", { email_address: "a@b" })).body.message).toBe("Please enter a valid email address.");
      expect(await countRows("newsletter_subscriptions")).toBe(before + 1);
    });
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

  describe("bad input", () => {
    it("answers 404 for an unknown call and 400 for a body that is not an object", async () => {
      expect(await call("agents/delete", {})).toEqual({ status: 404, body: { success: false, message: 'There is no call named "agents/delete".' } });
      for (const body of [null, [], "page", 7, true]) {
        expect(await call("page/get", body)).toEqual({ status: 400, body: { success: false, message: "The request body must be a JSON object." } });
      }
    });

    it("answers 400 with a clear message for missing fields and wrong types", async () => {
      expect((await call("page/get", {})).body.message).toBe("Please provide a page id.");
      expect((await call("page/get", { page_id: "1" })).body.message).toBe("A page id must be a number.");
      expect((await call("page/get", { page_id: 1.5 })).body.message).toBe("A page id must be a whole number.");
      expect((await call("city/list", { state_id: 5, length: "Most" })).body.message).toBe('Length must be "Half" or "Full".');
      expect((await call("blog/get", { slug: "<script>" })).body.message).toBe("Blog contains characters that are not allowed.");
      expect((await call("agents/list", { state: "TX" })).body.message).toBe("Please provide a city.");
    });

    it("never answers 500 to odd bodies on any call", async () => {
      const odd: unknown[] = [
        {},
        { page_id: -1, id: 0, state_id: 1e20, slug: "", state: "", city: "", type: 99, length: null },
        { page_id: { $gt: 0 }, email_address: ["a@b.co"], exam: [{ question: {}, answer: 5 }] },
        { state: "x".repeat(5000), city: "🏠", agent_id: Number.MAX_SAFE_INTEGER, cate_id: "1" },
        { property_category: 1, property_address: "a", property_city: "b", property_zip: "12345", exam: [null] },
        { __proto__: { polluted: true }, constructor: { prototype: {} }, type: "Featured" },
      ];
      for (const name of CALL_NAMES) {
        for (const body of odd) {
          const answer = await call(name, body);
          expect({ name, body, status: answer.status < 500 }).toEqual({ name, body, status: true });
          expect(typeof answer.body.success).toBe("boolean");
        }
      }
    });
  });
});
