import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import type { ParsedRequest } from "../../contract";
import { insertLead } from "./leads";

announcePostgres();

const lead = (submissionKey?: string): ParsedRequest<"lead/save"> => ({
  ...(submissionKey ? { submission_key: submissionKey } : {}),
  property_category: 1,
  property_address: "100 Congress Avenue",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Sam Owner",
  email_address: "sam@example.org",
  property_number: "(512) 555-0100",
  preferred_contact_method: "Phone",
  price: "",
  exam: [],
});

/** A lead's row: once per submission key, under a reference no other lead has. */
describe.each(databaseKinds)("insertLead on %s", (kind) => {
  let database: TestDatabase;
  const now = new Date().toISOString();
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());

  it("takes the next reference when one is already a lead's", async () => {
    const first = await insertLead(database.db, { lead: lead(), references: ["MG-AAAA-0001"], awaitingMatch: false, now, submissionHash: "hash-a" });
    expect(first).toMatchObject({ created: true, reference: "MG-AAAA-0001" });
    const second = await insertLead(database.db, { lead: lead(), references: ["MG-AAAA-0001", "MG-AAAA-0002"], awaitingMatch: true, now, submissionHash: "hash-a" });
    expect(second).toMatchObject({ created: true, reference: "MG-AAAA-0002" });
    const row = await database.db.selectFrom("leads").selectAll().where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ property_number: "5125550100", exam: "[]", awaiting_match_since: now, reference: "MG-AAAA-0002" });
  });

  it("stores a submission key once, also when the same key arrives together", async () => {
    const results = await Promise.all(
      ["MG-BBBB-0001", "MG-BBBB-0002", "MG-BBBB-0003", "MG-BBBB-0004"].map((reference) =>
        database.db.transaction().execute((trx) => insertLead(trx, { lead: lead("same-key-abcdef"), references: [reference], awaitingMatch: false, now, submissionHash: "hash-a" })),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const [stored] = results.filter((result) => result.created);
    for (const result of results) expect(result).toMatchObject({ id: stored.id, reference: stored.reference });
    const rows = await database.db.selectFrom("leads").select("id").where("submission_key", "=", "same-key-abcdef").execute();
    expect(rows).toHaveLength(1);
  });

  it("says whether a repeated submission key came with the same request", async () => {
    const first = await insertLead(database.db, { lead: lead("hashed-key-abcdef"), references: ["MG-CCCC-0001"], awaitingMatch: false, now, submissionHash: "hash-a" });
    const same = await insertLead(database.db, { lead: lead("hashed-key-abcdef"), references: ["MG-CCCC-0002"], awaitingMatch: false, now, submissionHash: "hash-a" });
    const other = await insertLead(database.db, { lead: lead("hashed-key-abcdef"), references: ["MG-CCCC-0003"], awaitingMatch: false, now, submissionHash: "hash-b" });
    expect(same).toEqual({ created: false, id: first.id, reference: "MG-CCCC-0001", sameRequest: true });
    expect(other).toEqual({ created: false, id: first.id, reference: "MG-CCCC-0001", sameRequest: false });
  });

  it("says so when every reference it was given is taken", async () => {
    await expect(insertLead(database.db, { lead: lead(), references: ["MG-AAAA-0001", "MG-AAAA-0002"], awaitingMatch: false, now, submissionHash: "hash-a" })).rejects.toThrow(/no free lead reference/);
  });
});
