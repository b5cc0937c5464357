import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import * as messages from "../../contract/messages";
import * as proposalMessages from "../../contract/proposal-messages";
import { siteCopy } from "../../contract/operator-copy";
import { importManagers, removeSamples } from "../../service/managers";
import { deliveryRouting } from "../../service/delivery/routing";
import { reconcileSiteWords } from "../site-words";
import { listingDraftSchema } from "../../contract/operator";
import { approveApplication } from "../../service/workspace/network";
import { createTestDatabase, type TestDatabase } from "@/test-support";

/**
 * The demo seed is a sample site, so its own words promise no team, payment,
 * review or reply that nobody will give. Each phrase is one such promise as the pages once made it.
 */
const UNTRUE_PROMISES = [
  "we review",
  "reviews each application",
  "reply within",
  "will reply",
  "get back to you",
  "pay to join",
  "our team will",
  "partner team",
  "we read every",
  "small team",
  "will be in touch",
  "working hard to onboard",
  "we're adding managers",
  "so we can review",
  "we ask every manager",
  "trusted",
];

/**
 * Words the spec fixes and the site must keep as they are: the onboarding notice under an empty
 * city list (spec 2.2, "We are working hard to onboard property managers for this region").
 */
const SPEC_WORDING = new Set(["messages.EMPTY.onboarding"]);

/** The text a visitor reads: tags dropped, entities and curly apostrophes made plain. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&rsquo;|’/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every sentence of a messages module (lib/contract/messages.ts, proposal-messages.ts): strings as they are, templates filled with a sample. */
function fixedCopy(value: unknown, where: string, out: { where: string; text: string }[] = []) {
  if (typeof value === "string") out.push({ where, text: value });
  else if (typeof value === "function") {
    for (const argument of ["Sample Co", 2]) {
      try {
        fixedCopy(value(...Array.from({ length: Math.max(value.length, 1) }, () => argument)), where, out);
      } catch {
        // A template that needs a richer argument is read through its other calls.
      }
    }
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) fixedCopy(inner, `${where}.${key}`, out);
  }
  return out;
}

function untruePromises(copy: { where: string; text: string }[]): string[] {
  return copy.filter(({ where }) => !SPEC_WORDING.has(where)).flatMap(({ where, text }) => {
    const plain = visibleText(text).toLowerCase();
    return UNTRUE_PROMISES.filter((phrase) => plain.includes(phrase)).map((phrase) => `${where}: "${phrase}"`);
  });
}

async function seededCopy(database: TestDatabase) {
  const { db } = database;
  const pages = await db.selectFrom("pages").selectAll().orderBy("page_id").execute();
  const faqs = await db.selectFrom("faqs").select(["question", "answer"]).execute();
  const blogs = await db.selectFrom("blogs").selectAll().execute();
  const testimonials = await db.selectFrom("testimonials").selectAll().execute();
  return [
    ...pages.flatMap((page) =>
      (["seo_title", "seo_description", "heading", "description", "short_description"] as const).map((field) => ({ where: `page ${page.page_id} ${field}`, text: String(page[field] ?? "") })),
    ),
    ...faqs.flatMap((faq) => [
      { where: `FAQ "${faq.question}"`, text: faq.question },
      { where: `FAQ "${faq.question}" answer`, text: faq.answer },
    ]),
    ...blogs.flatMap((blog) => Object.entries(blog).filter(([, value]) => typeof value === "string").map(([field, value]) => ({ where: `blog ${blog.slug} ${field}`, text: String(value) }))),
    ...testimonials.flatMap((testimonial) =>
      Object.entries(testimonial).filter(([, value]) => typeof value === "string").map(([field, value]) => ({ where: `testimonial ${testimonial.id} ${field}`, text: String(value) })),
    ),
  ];
}

describe("the sample site's own words (SEED_DEMO=1)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { demo: true });
  }, 120_000);
  afterAll(async () => database?.destroy());

  it("lists the seeded pages, FAQs, blogs and testimonials", async () => {
    const copy = await seededCopy(database);
    expect(copy.filter((item) => item.where.startsWith("page ")).length).toBe(21 * 5);
    expect(copy.some((item) => item.where.startsWith("FAQ "))).toBe(true);
  });

  it("promises nothing nobody gives in the seeded pages, FAQs, blogs and testimonials", async () => {
    expect(untruePromises(await seededCopy(database))).toEqual([]);
  });

  it("promises nothing nobody gives in the site's fixed copy (lib/contract/messages.ts, proposal-messages.ts)", () => {
    const copy = [...fixedCopy(messages, "messages"), ...fixedCopy(proposalMessages, "proposalMessages")];
    expect(copy.length).toBeGreaterThan(100);
    expect(untruePromises(copy)).toEqual([]);
  });
});

describe("the operator's pages (SEED_DEMO=0)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { demo: false });
  }, 120_000);
  afterAll(async () => database?.destroy());

  it("marks the copy only the operator can write, and promises nothing in the meantime", async () => {
    const copy = await seededCopy(database);
    expect(untruePromises(copy)).toEqual([]);
    const marked = new Set(copy.filter((item) => item.text.includes(messages.OPERATOR_TO_WRITE)).map((item) => item.where.split(" ").slice(0, 2).join(" ")));
    for (const page of ["page 2", "page 15", "page 16", "page 20"]) expect(marked).toContain(page);
  });
});

/** Who runs the site, as OPERATOR_NAME and OPERATOR_EMAIL set it. */
const OPERATOR = { name: "Hill & Country Listings LLC", email: "desk@hill-country-listings.example.com" };
const OPERATOR_HTML_NAME = "Hill &amp; Country Listings LLC";

/** What an operated site's pages never say (docs/operator-words.md). */
const SAMPLE_SITE_WORDS = ["sample", "nobody reviews", "nobody answers", "nobody is adding", "no one reviews", messages.OPERATOR_TO_WRITE.toLowerCase()];

/** The example file's rows the import accepts: those its dry run finds no problem in. */
async function exampleWithoutProblems(database: TestDatabase, routing: ReturnType<typeof deliveryRouting>): Promise<string> {
  const example = fs.readFileSync(path.join(__dirname, "../../../docs/examples/managers.csv"), "utf8");
  const dry = await importManagers(database.db, { open: () => Readable.from([example]), dryRun: true, routing, operator: OPERATOR });
  const bad = new Set(dry.problems.map((problem) => problem.line));
  expect(bad.size).toBeGreaterThan(0);
  return example
    .split("\n")
    .filter((line, index) => line && !bad.has(index + 1))
    .join("\n");
}

/** Where the copy says one of these words; "a sample report", which a manager may be asked for, is not the site speaking of itself. */
function saying(copy: { where: string; text: string }[], words: string[]): string[] {
  return copy.flatMap(({ where, text }) => {
    const plain = visibleText(text).toLowerCase().replaceAll("a sample report", "");
    return words.filter((word) => plain.includes(word)).map((word) => `${where}: "${word}"`);
  });
}

const pagesAndFaqs = (copy: { where: string; text: string }[]) => copy.filter(({ where }) => where.startsWith("page ") || where.startsWith("FAQ "));

describe("an operated site's own words (OPERATOR_* set, an imported list)", () => {
  let database: TestDatabase;
  const routing = deliveryRouting({ smtp: false, webhook: false, purge: true });
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { demo: true });
  }, 120_000);
  afterAll(async () => database?.destroy());

  it("names the samples as samples while they are all it lists, and promises nothing nobody gives", async () => {
    expect((await reconcileSiteWords(database.db, { operator: OPERATOR })).mode).toBe("operatedWithSamples");
    const copy = pagesAndFaqs(await seededCopy(database));
    expect(untruePromises(copy)).toEqual([]);
    expect(saying(copy, ["nobody reviews", "nobody answers", "nobody is adding", messages.OPERATOR_TO_WRITE.toLowerCase()])).toEqual([]);
    // The samples listed are named as samples, beside what the operator does.
    expect(copy.filter(({ text }) => text.includes('"Sample listing"') && text.includes(OPERATOR_HTML_NAME)).length).toBeGreaterThan(2);
  });

  it("says who runs the site and how to reach them once its real managers are in, with no sample-site sentence left, before and after remove-samples", async () => {
    const csv = await exampleWithoutProblems(database, routing);
    const report = await importManagers(database.db, { open: () => Readable.from([csv]), dryRun: false, routing, operator: OPERATOR });
    expect(report).toMatchObject({ applied: true, problems: [] });
    // The samples left every list with the import: no sentence speaks of them any more.
    expect(saying(pagesAndFaqs(await seededCopy(database)), SAMPLE_SITE_WORDS)).toEqual([]);
    const removal = await removeSamples(database.db, { dryRun: false, force: false, routing, operator: OPERATOR });
    expect(removal.removed).toBeGreaterThan(0);
    expect(removal.paths).toBeGreaterThan(1);
    const copy = pagesAndFaqs(await seededCopy(database));
    expect(untruePromises(copy)).toEqual([]);
    expect(saying(copy, SAMPLE_SITE_WORDS)).toEqual([]);
    const text = (where: string) => copy.filter((item) => item.where === where).map((item) => item.text).join(" ");
    for (const where of ["page 2 description", "page 20 description", "page 15 description", 'FAQ "How do I unsubscribe from the newsletter?" answer']) {
      expect(text(where)).toContain(OPERATOR_HTML_NAME);
      expect(text(where)).toContain(OPERATOR.email);
    }
    for (const where of ["page 20 short_description", "page 11 description", 'FAQ "I\'m a property manager. How do I join the network?" answer']) {
      expect(text(where)).toContain(OPERATOR_HTML_NAME);
    }
    expect(text('FAQ "How do I unsubscribe from the newsletter?" answer')).toContain("unsubscribe link");
  });

  it("keeps every sentence an author has edited, and changes nothing the second time", async () => {
    const { db } = database;
    const edited = "<p>Write to us any time.</p>";
    await db.updateTable("pages").set({ short_description: edited }).where("page_id", "=", 20).execute();
    const renamed = { name: "Other Operator Inc", email: "other@operator.example.com" };
    const first = await reconcileSiteWords(db, { operator: renamed });
    expect(first.mode).toBe("operated");
    const page = await db.selectFrom("pages").select(["description", "short_description"]).where("page_id", "=", 20).executeTakeFirstOrThrow();
    expect(page.short_description).toBe(edited);
    // A sentence written for an earlier name is still the operator's, and follows the new one.
    expect(page.description).toContain(renamed.name);
    expect(page.description).not.toContain(OPERATOR_HTML_NAME);
    expect((await reconcileSiteWords(db, { operator: renamed })).paths).toEqual([]);
  });

  it("goes back to the sample site's notes for the operator when OPERATOR_* is unset again", async () => {
    const back = await reconcileSiteWords(database.db, { operator: null });
    expect(back.mode).toBe("toWrite");
    const copy = pagesAndFaqs(await seededCopy(database));
    expect(untruePromises(copy)).toEqual([]);
    expect(copy.filter(({ text }) => text.includes(messages.OPERATOR_TO_WRITE)).length).toBeGreaterThan(5);
    expect(copy.filter(({ text }) => text.includes("Other Operator Inc"))).toEqual([]);
  });

  it("promises nothing nobody gives in the fixed copy an operated site shows", () => {
    const copy = fixedCopy(siteCopy(OPERATOR), "siteCopy");
    expect(copy.length).toBeGreaterThan(2);
    expect(untruePromises(copy)).toEqual([]);
    expect(saying(copy, SAMPLE_SITE_WORDS)).toEqual([]);
    expect(copy.every(({ text }) => text.includes(OPERATOR.name))).toBe(true);
  });
});

describe("the first real listing approved from an application, on the sample site without an operator", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { demo: true });
  }, 120_000);
  afterAll(async () => database?.destroy());

  it("stops saying every listing is a sample in the approval's own transaction, and leaves the operator's note in its place", async () => {
    const { db } = database;
    const vetting = () => db.selectFrom("faqs").select("answer").where("question", "=", "How are property managers listed and vetted?").executeTakeFirstOrThrow();
    expect((await vetting()).answer).toContain("every listed manager is a fictional sample company");
    const { id } = await db
      .insertInto("agent_applications")
      .values({ company_name: "Lone Star Rentals", email: "dana@lonestar-rentals.example.com", mobile: "5125550142", country_code: 1, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const draft = listingDraftSchema.parse({
      company_name: "Lone Star Rentals",
      contact_name: "Dana Reyes",
      email: "dana@lonestar-rentals.example.com",
      phone: "(512) 555-0142",
      office_address: "400 Congress Ave",
      office_city: "Austin",
      office_state: "tx",
      office_zip: "78701",
      service_zips: "78701",
      categories: ["1"],
      management_fee: "8%",
      leasing_fee: "",
      setup_fee: "",
      renewal_fee: "",
      about: "",
    });
    const decision = await approveApplication(db, { id: "admin-1", email: "admin@staff.example.com", role: "admin" }, {
      applicationId: id,
      draft,
      allowDuplicates: true,
      delivery: { routing: deliveryRouting({ smtp: false, webhook: false, purge: true }), replyTo: "team@operator.example.com" },
    });
    expect(decision.paths).toEqual(expect.arrayContaining(["/faqs", "/resources"]));
    expect((await vetting()).answer).not.toContain("every listed manager is a fictional sample company");
    expect((await vetting()).answer).toContain(messages.OPERATOR_TO_WRITE);
    expect(untruePromises(pagesAndFaqs(await seededCopy(database)))).toEqual([]);
  });
});
