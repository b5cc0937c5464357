import * as messages from "../../contract/messages";
import * as proposalMessages from "../../contract/proposal-messages";
import { createTestDatabase, type TestDatabase } from "@/lib/test-support";

/**
 * Issue 30, item 2: the demo seed is a sample site, so its own words promise no team, payment,
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
