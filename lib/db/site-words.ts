import type { Kysely } from "kysely";
import type { Database } from "./schema";
import sentences from "./seed-data/operator-copy.json";
import { OPERATOR_TO_WRITE } from "../contract/messages";
import { FIXED_PAGE_RECORDS, NOINDEX_FIXED_PAGES } from "../contract/fixed-pages";
import { PATHS } from "../contract/routes";
import type { SiteOperator } from "../env";

/**
 * The site's own words follow who runs it and what it lists (docs/operator-words.md). Each
 * sentence of operator-copy.json has one variant per mode; the page and FAQ records hold the
 * variant of the current mode, and `reconcileSiteWords` swaps a variant for another only where a
 * record still holds a known variant verbatim, so an author's edit is never rewritten. It runs
 * when the server starts (prepareDatabase) and inside the transactions that change the mode's
 * data: an import, an approved application, the removal of the samples.
 *
 * Not a named query file (no "server-only"): `npm start`'s prepare step runs it outside Next.js.
 */

/**
 * Who runs the site (OPERATOR_* set or not) and whether it lists sample listings, which it does
 * only while it has no real one (lib/db/service-areas.ts samplesListed):
 * - sample: nobody runs the site and it lists only sample companies (SEED_DEMO=1 as seeded);
 * - toWrite: nobody runs it and it lists no samples: the notes of what the operator has to write
 *   (what SEED_DEMO=0 seeds, and any site with a real listing);
 * - operated: OPERATOR_* set and no sample listed; operatedWithSamples: OPERATOR_* set on a site
 *   of samples (before the first import). A sentence without a variant of its own for it uses
 *   "operated" (its words do not speak of the listings).
 */
export type SiteWordsMode = "sample" | "toWrite" | "operated" | "operatedWithSamples";

const MODES: readonly SiteWordsMode[] = ["sample", "toWrite", "operated", "operatedWithSamples"];

type Sentence = {
  page_id?: number;
  question?: string;
  field: string;
  sample: string;
  /** The toWrite variant, {TO_WRITE} standing for OPERATOR_TO_WRITE (the name the seeder reads it by). */
  operator: string;
  operated: string;
  operatedWithSamples?: string;
};

const SENTENCES: readonly Sentence[] = sentences;

function siteWordsMode({ operator, samples, real }: { operator: SiteOperator | null; samples: number; real: number }): SiteWordsMode {
  // samplesListed's rule: the samples are on the site only while no real listing is.
  const samplesShown = samples > 0 && real === 0;
  if (operator) return samplesShown ? "operatedWithSamples" : "operated";
  return samplesShown ? "sample" : "toWrite";
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function template(sentence: Sentence, mode: SiteWordsMode): string {
  switch (mode) {
    case "sample":
      return sentence.sample;
    case "toWrite":
      return sentence.operator.replaceAll("{TO_WRITE}", OPERATOR_TO_WRITE);
    case "operated":
      return sentence.operated;
    case "operatedWithSamples":
      return sentence.operatedWithSamples ?? sentence.operated;
  }
}

/** The sentence a mode shows, the operator's name and address filled in (as HTML but in the plain-text SEO description). */
function sentenceFor(sentence: Sentence, mode: SiteWordsMode, operator: SiteOperator | null): string {
  const text = template(sentence, mode);
  if (!operator) return text;
  const plain = sentence.field === "seo_description";
  const fill = (value: string) => (plain ? value : escapeHtml(value));
  return text.replaceAll("{OPERATOR_NAME}", fill(operator.name)).replaceAll("{OPERATOR_EMAIL}", fill(operator.email));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every variant a record may hold, as a pattern: the operator's name and address as any plain text,
 * so a sentence written for an earlier OPERATOR_NAME is still known.
 */
function knownVariants(sentence: Sentence): RegExp {
  // The name is lazy (it ends where the sentence's own words go on); an address is greedy and
  // gives back only what the words after it need (the closing full stop).
  const patterns = [...new Set(MODES.map((mode) => template(sentence, mode)))]
    .sort((a, b) => b.length - a.length)
    .map((text) => escapeRegExp(text).replaceAll("\\{OPERATOR_NAME\\}", '[^<>"\\n]{1,200}?').replaceAll("\\{OPERATOR_EMAIL\\}", "[\\w.%+@-]{3,254}"));
  return new RegExp(patterns.join("|"));
}

/** The address of each page record the sentences live on, and of the FAQ list. */
const PAGE_PATHS = new Map([
  ...Object.entries(NOINDEX_FIXED_PAGES).map(([path, { record }]) => [record, path] as const),
  ...Object.entries(FIXED_PAGE_RECORDS).map(([path, pageId]) => [pageId, path] as const),
]);

type Db = Kysely<Database>;

async function listingCounts(db: Db): Promise<{ samples: number; real: number }> {
  const rows = await db.selectFrom("agents").select(["is_demo", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("is_demo").execute();
  const of = (demo: number) => Number(rows.find((row) => Number(row.is_demo) === demo)?.n ?? 0);
  return { samples: of(1), real: of(0) };
}

type PageField = "seo_description" | "description" | "short_description";

/**
 * Puts each record's known sentences into the current mode's words. Answers the mode and the
 * paths of the pages whose words changed (none when nothing did); the caller notes the content
 * change and queues their purge, in its own transaction.
 */
export async function reconcileSiteWords(db: Db, { operator }: { operator: SiteOperator | null }): Promise<{ mode: SiteWordsMode; paths: string[] }> {
  const mode = siteWordsMode({ operator, ...(await listingCounts(db)) });
  const paths = new Set<string>();
  const swap = (text: string, sentence: Sentence) => text.replace(knownVariants(sentence), () => sentenceFor(sentence, mode, operator));

  const pageIds = [...new Set(SENTENCES.flatMap((sentence) => (sentence.page_id === undefined ? [] : [sentence.page_id])))];
  const pages = pageIds.length ? await db.selectFrom("pages").select(["page_id", "seo_description", "description", "short_description"]).where("page_id", "in", pageIds).execute() : [];
  for (const page of pages) {
    const changed: Partial<Record<PageField, string>> = {};
    for (const sentence of SENTENCES.filter((item) => item.page_id === page.page_id)) {
      const field = sentence.field as PageField;
      const before = changed[field] ?? page[field];
      if (typeof before !== "string") continue;
      const after = swap(before, sentence);
      if (after !== before) changed[field] = after;
    }
    if (Object.keys(changed).length === 0) continue;
    await db.updateTable("pages").set(changed).where("page_id", "=", page.page_id).execute();
    paths.add(PAGE_PATHS.get(page.page_id) ?? PATHS.home);
  }

  const questions = [...new Set(SENTENCES.flatMap((sentence) => (sentence.question === undefined ? [] : [sentence.question])))];
  const faqs = questions.length ? await db.selectFrom("faqs").select(["question", "answer"]).where("question", "in", questions).execute() : [];
  for (const faq of faqs) {
    const answer = SENTENCES.filter((item) => item.question === faq.question && item.field === "answer").reduce((text, sentence) => swap(text, sentence), faq.answer);
    if (answer === faq.answer) continue;
    await db.updateTable("faqs").set({ answer }).where("question", "=", faq.question).execute();
    paths.add(PATHS.faqs);
    paths.add(PATHS.home);
  }
  return { mode, paths: [...paths] };
}
