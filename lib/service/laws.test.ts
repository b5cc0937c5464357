import fs from "node:fs";
import path from "node:path";
import { contract, lawDocumentSchema } from "../contract";
import { COMPARE_MIN_STATES, LAW_TOPICS, isNoStatuteFact, lawTopic, type LawTopicKey } from "../contract/law-topics";
import { escapeHtml } from "./law-document";
import { INTERNAL_CALLER } from "./guard";
import { prepareDatabase } from "../db/setup";
import { readLawFacts, readReviewDates } from "../db/seed/law-facts";
import { lawComparePath } from "../contract/routes";
import type { Service } from ".";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, createTestService } from "@/test-support";

announcePostgres();

/**
 * The reference data, as the seed reads it (three files; rent-control-facts.json replaces the extra
 * file's rent control, lib/db/seed/law-facts.test.ts checks how), compared with what the service
 * answers: no hard-coded facts.
 */
const DATA_DIR = path.join(__dirname, "..", "db", "seed-data");
const FILES = { core: "landlord-tenant-facts.json", extra: "landlord-tenant-facts-extra.json" } as const;
const { facts: allFacts, files: factFiles } = readLawFacts(DATA_DIR);
const extraFacts = allFacts.filter((fact) => fact.file === FILES.extra);
const reviewDates = readReviewDates(fs.readFileSync(path.join(DATA_DIR, "SOURCES.md"), "utf8"));
/** The file a topic's facts come from (one per topic). */
const fileOf = (topic: LawTopicKey) => allFacts.find((fact) => fact.topic === topic)!.file;
const states = fs
  .readFileSync(path.join(DATA_DIR, "us-states.csv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [name, abbr, slug] = line.split(",");
    return { name, abbr, slug };
  });
const statesPerTopic = (topic: LawTopicKey) => new Set(allFacts.filter((fact) => fact.topic === topic).map((fact) => fact.state_abbr)).size;
const extraTopicKeys = [...new Set(extraFacts.map((fact) => fact.topic))];

describe.each(databaseKinds)("law calls on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = async (name: string, body: unknown) => {
    return callAsSite(service, name, body);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database);
  });
  afterAll(async () => database?.destroy());

  it("laws/topics: the six complete topics and every extra topic with enough states have a comparison", async () => {
    const answer = await call("laws/topics", {});
    expect(answer.status).toBe(200);
    expect(contract["laws/topics"].response.safeParse(answer.body).success).toBe(true);
    const topics = answer.body.topics as { topic: LawTopicKey; states: number; compare: boolean }[];
    expect(topics.map((topic) => topic.topic)).toEqual(LAW_TOPICS.map((topic) => topic.key));
    for (const topic of topics) {
      expect({ topic: topic.topic, states: topic.states }).toEqual({ topic: topic.topic, states: statesPerTopic(topic.topic) });
      const expected = lawTopic(topic.topic).comparable && (lawTopic(topic.topic).coverage === "core" || topic.states >= COMPARE_MIN_STATES);
      expect({ topic: topic.topic, compare: topic.compare }).toEqual({ topic: topic.topic, compare: expected });
    }
    const withPages = topics.filter((topic) => topic.compare).map((topic) => topic.topic);
    // The six complete topics, rent control (every state since rent-control-facts.json) and two extra topics.
    expect(withPages).toHaveLength(9);
    expect(withPages).toContain("rent_control");
    expect(withPages).toEqual(expect.arrayContaining(["property_manager_license", "security_deposit_interest"]));
  });

  it("laws/compare: every comparison lists the 51 jurisdictions by name with the reference data's facts and citations", async () => {
    const { body } = await call("laws/topics", {});
    const comparable = (body.topics as { topic: LawTopicKey; slug: string; compare: boolean }[]).filter((topic) => topic.compare);
    for (const topic of comparable) {
      const answer = await call("laws/compare", { topic: topic.slug });
      expect(answer.status).toBe(200);
      expect(contract["laws/compare"].response.safeParse(answer.body).success).toBe(true);
      const rows = answer.body.rows as { state: string; slug: string; abbreviation: string; value: string | null; citation: string | null; source_url: string | null; no_statute: boolean }[];
      expect(rows).toHaveLength(51);
      expect(rows.map((row) => row.state)).toEqual(states.map((state) => state.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      const expected = rows.map((row) => {
        const fact = allFacts.find((entry) => entry.topic === topic.topic && entry.state_abbr === row.abbreviation);
        return {
          state: states.find((state) => state.abbr === row.abbreviation)!.name,
          slug: states.find((state) => state.abbr === row.abbreviation)!.slug,
          abbreviation: row.abbreviation,
          value: fact?.value ?? null,
          citation: fact?.citation ?? null,
          source_url: fact?.source_url ?? null,
          no_statute: fact ? isNoStatuteFact(fact) : false,
          verified: fact ? fact.verified : true,
        };
      });
      expect(rows).toEqual(expected);
      expect(answer.body.topic).toMatchObject({ topic: topic.topic, slug: topic.slug, reviewed_on: reviewDates.get(fileOf(topic.topic)) });
    }
  });

  it("laws/compare accepts the key as well as the slug, and 404s a topic without a comparison", async () => {
    const bySlug = await call("laws/compare", { topic: "late-fees" });
    const byKey = await call("laws/compare", { topic: "late_fee_rules" });
    expect(byKey.body).toEqual(bySlug.body);
    expect((await call("laws/compare", { topic: "rent-increase-notice" })).status).toBe(404);
    expect((await call("laws/compare", { topic: "landlord-tenant-statutes" })).status).toBe(404);
    expect(await call("laws/compare", { topic: "pets" })).toEqual({
      status: 404,
      body: { success: false, message: 'We do not have a 50-state comparison for "pets".' },
    });
    expect((await call("laws/compare", { topic: 7 })).status).toBe(400);
    expect((await call("laws/compare", {})).body.message).toBe("Please provide a topic.");
  });

  it("law/facts: a state's facts with their file's review date, one topic when asked", async () => {
    const texas = await call("law/facts", { state: "texas" });
    expect(texas.status).toBe(200);
    expect(contract["law/facts"].response.safeParse(texas.body).success).toBe(true);
    const expected = allFacts.filter((fact) => fact.state_abbr === "TX");
    expect(texas.body.facts).toHaveLength(expected.length);
    for (const fact of texas.body.facts) {
      const entry = expected.find((candidate) => candidate.topic === fact.topic)!;
      expect(fact).toEqual({
        topic: entry.topic,
        value: entry.value,
        citation: entry.citation,
        source_url: entry.source_url,
        no_statute: isNoStatuteFact(entry),
        reviewed_on: reviewDates.get(entry.file),
        verified: entry.verified,
      });
    }
    // Texas's rent control statute could not be confirmed (rent-control-facts.json): it says so.
    expect(texas.body.facts.find((fact: { topic: string }) => fact.topic === "rent_control").verified).toBe(false);

    const license = await call("law/facts", { state: "AZ", topic: "property_manager_license" });
    expect(license.body.facts).toHaveLength(1);
    expect(license.body.facts[0].value).toBe(extraFacts.find((fact) => fact.state_abbr === "AZ" && fact.topic === "property_manager_license")!.value);
    expect((await call("law/facts", { state: "AL", topic: "property_manager_license" })).body.facts).toEqual([]);
    expect((await call("law/facts", { state: "atlantis" })).status).toBe(404);
    expect((await call("law/facts", { state: "TX", topic: "pets" })).status).toBe(400);
  });

  it("law/get: each state page shows its facts with their citations, and the extra topics exactly where the data has them", async () => {
    const { body } = await call("laws/topics", {});
    const comparePaths = new Map((body.topics as { topic: string; slug: string; compare: boolean }[]).filter((topic) => topic.compare).map((topic) => [topic.topic, lawComparePath(topic.slug)]));
    for (const state of states) {
      const answer = await call("law/get", { state: state.slug });
      expect(answer.status).toBe(200);
      const document = lawDocumentSchema.parse(JSON.parse(answer.body.stateData.laws));
      const titles = document.scrapedData.map((section) => section.sectionTitle);
      const blocks = document.scrapedData.flatMap((section) => section.content).filter((block) => block.question);
      const facts = allFacts.filter((fact) => fact.state_abbr === state.abbr);
      expect({ state: state.abbr, answers: blocks.length }).toEqual({ state: state.abbr, answers: facts.length });
      for (const fact of facts) {
        const block = blocks.find((candidate) => candidate.question === lawTopic(fact.topic).question(state.name))!;
        expect(block.answer).toContain(escapeHtml(fact.value));
        if (fact.citation) expect(block.content).toContain(`${fact.verified ? "Statute" : "Statute not confirmed"}: ${escapeHtml(fact.citation)}`);
        expect(block.content).toContain(`href="${escapeHtml(fact.source_url)}"`);
        const comparePath = comparePaths.get(fact.topic);
        // A topic without a comparison page links to none.
        if (comparePath) expect(block.content).toContain(`href="${comparePath}"`);
        else expect(block.content).not.toContain(`href="${lawComparePath(lawTopic(fact.topic).slug)}"`);
      }
      for (const topic of extraTopicKeys) {
        const has = extraFacts.some((fact) => fact.state_abbr === state.abbr && fact.topic === topic);
        expect({ state: state.abbr, topic, shown: titles.includes(lawTopic(topic).section) }).toEqual({ state: state.abbr, topic, shown: has });
      }
      expect(titles[titles.length - 1]).toBe("Important Notice");
    }
  });

  it("lists every comparison page and every state's law page in the sitemap", async () => {
    const { body } = await call("sitemap/paths", {});
    const paths = (body.entries as { path: string; lastModified?: string }[]).filter((entry) => entry.path.startsWith("/laws/"));
    const topics = (await call("laws/topics", {})).body.topics as { slug: string; topic: LawTopicKey; compare: boolean }[];
    const compare = topics.filter((topic) => topic.compare);
    expect(paths.filter((entry) => entry.path.startsWith("/laws/compare/"))).toEqual(
      compare.map((topic) => ({
        path: lawComparePath(topic.slug),
        lastModified: reviewDates.get(fileOf(topic.topic)),
      })),
    );
    expect(paths.filter((entry) => !entry.path.startsWith("/laws/compare/"))).toHaveLength(51);
  });

  it("gets the facts into a database seeded before they had a table", async () => {
    await database.db.deleteFrom("law_facts").execute();
    await database.db.deleteFrom("law_fact_files").execute();
    expect((await call("law/get", { state: "ohio" })).status).toBe(404);
    const { seeded } = await prepareDatabase(database, { demo: true });
    expect(seeded?.inserted).toMatchObject({ law_fact_files: factFiles.length, law_facts: allFacts.length, agents: 0, pages: 0 });
    expect((await call("law/get", { state: "ohio" })).status).toBe(200);
    expect((await prepareDatabase(database, { demo: true })).seeded).toBeNull();
  });
});

describe.each(databaseKinds)("law pages without demo content on %s", (kind) => {
  let database: TestDatabase;
  afterAll(async () => database?.destroy());

  it("lists no local managers where there are none", async () => {
    database = await createTestDatabase(kind, { demo: false });
    const service = createTestService(database);
    const answer = await service.handle({ call: "law/get", body: { state: "texas" }, caller: INTERNAL_CALLER });
    expect(answer.status).toBe(200);
    expect((answer.body as { stateData: { laws: string } }).stateData.laws).not.toContain("Explore Property Management");
  });
});
