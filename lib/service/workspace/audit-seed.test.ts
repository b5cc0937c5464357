import { AUDIT_PROBLEM_KEYS, AUDIT_SEVERITY, auditSummary } from "../../contract/seo-audit";
import { SERP, endsCut } from "../../contract/serp";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { siteRows } from "./site";

announcePostgres();

/**
 * The site's own pages pass the site's own audit: on the seeded database, at
 * least 98% of indexable pages have no error, and no two indexable pages share a title or a
 * description. README "Workspace" records the figures (npx tsx scripts/seo-audit.ts).
 */
describe.each(databaseKinds)("the seed's default wording on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("leaves at least 98% of indexable pages without an audit error, and no duplicate title or description", async () => {
    const { rows } = await siteRows(database.db);
    const summary = auditSummary(rows);
    expect(summary.indexable).toBeGreaterThan(20_000);
    expect(summary.cleanPercent).toBeGreaterThanOrEqual(98);
    expect(summary.counts["title-duplicate"]).toBe(0);
    expect(summary.counts["description-duplicate"]).toBe(0);

    // The same checks made here without the audit, so a rule that stopped flagging would not hide them.
    const indexable = rows.filter((row) => row.robots === "index");
    for (const field of ["title", "description"] as const) {
      const seen = new Map<string, string>();
      const duplicates = indexable.filter((row) => {
        const key = row[field].trim().toLowerCase();
        const first = seen.get(key);
        seen.set(key, first ?? row.path);
        return first !== undefined;
      });
      expect([field, duplicates.slice(0, 3).map((row) => row.path)]).toEqual([field, []]);
    }
    const wrong = indexable.filter((row) => row.titlePx > SERP.title.maxPx || row.descriptionPx > SERP.description.desktopMaxPx || endsCut(row.description));
    expect(wrong.length / indexable.length).toBeLessThanOrEqual(0.02);
    // Later pages of a list say which page they are.
    const later = indexable.filter((row) => /\/page\/\d+$/.test(row.path));
    expect(later.length).toBeGreaterThan(100);
    for (const row of later.slice(0, 50)) {
      const page = row.path.split("/").pop();
      expect(row.title).toContain(`Page ${page}`);
      expect(row.description).toContain(`Page ${page} of`);
    }
  });

  it("gives every audit problem a severity", () => {
    for (const problem of AUDIT_PROBLEM_KEYS) expect(["error", "warning", "notice"]).toContain(AUDIT_SEVERITY[problem]);
  });
});
