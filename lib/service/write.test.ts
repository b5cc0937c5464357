import { sql } from "kysely";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { createWriteRunner } from "./write";

announcePostgres();

const subscribe = (email: string) => ({ email_address: email, email_lower: email.toLowerCase(), created_at: new Date().toISOString() });

/** Writes answered only once committed; on SQLite, writes that arrive together commit together. */
describe.each(databaseKinds)("write runner on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());

  const stored = async (prefix: string) =>
    (await database.db.selectFrom("newsletter_subscriptions").select("email_lower").where("email_lower", "like", `${prefix}%`).orderBy("email_lower").execute()).map((row) => row.email_lower);

  it("stores every write it acknowledges, and each answers its own value", async () => {
    const write = createWriteRunner(database);
    const emails = Array.from({ length: 40 }, (_, index) => `batch-${String(index).padStart(2, "0")}@example.org`);
    const answers = await Promise.all(emails.map((email, index) => write(async (trx) => (await trx.insertInto("newsletter_subscriptions").values(subscribe(email)).execute(), index))));
    expect(answers).toEqual(emails.map((_, index) => index));
    expect(await stored("batch-")).toEqual(emails);
  });

  it("rejects a failing write alone: the others of its batch are committed", async () => {
    const write = createWriteRunner(database);
    await write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("taken@example.org")).execute());
    const results = await Promise.allSettled([
      write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("alone-1@example.org")).execute()),
      // A unique-key violation, and a write that fails after it wrote something.
      write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("taken@example.org")).execute()),
      write(async (trx) => {
        await trx.insertInto("newsletter_subscriptions").values(subscribe("alone-half@example.org")).execute();
        throw new Error("changed its mind");
      }),
      write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("alone-2@example.org")).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(await stored("alone-")).toEqual(["alone-1@example.org", "alone-2@example.org"]);
  });

  it("acknowledges nothing of a batch whose commit fails", async () => {
    // A constraint checked only at commit: a row pointing at no parent fails there, not in its write.
    await sql`create table write_parent (id integer primary key)`.execute(database.db);
    await sql`create table write_child (parent_id integer not null references write_parent (id) deferrable initially deferred)`.execute(database.db);
    const write = createWriteRunner(database);
    const results = await Promise.allSettled([
      write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("uncommitted-1@example.org")).execute()),
      write((trx) => sql`insert into write_child (parent_id) values (1)`.execute(trx)),
      write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe("uncommitted-2@example.org")).execute()),
    ]);
    const reasons = results.map((result) => (result.status === "rejected" ? String(result.reason) : "fulfilled"));
    if (kind === "sqlite") {
      // One commit for the batch: when it fails, every write of it is refused with its error.
      expect(reasons).toEqual([expect.stringMatching(/foreign key/i), expect.stringMatching(/foreign key/i), expect.stringMatching(/foreign key/i)]);
      expect(await stored("uncommitted-")).toEqual([]);
    } else {
      // A transaction each: only the write whose own commit fails is refused.
      expect(reasons).toEqual(["fulfilled", expect.stringMatching(/foreign key/i), "fulfilled"]);
      expect(await stored("uncommitted-")).toEqual(["uncommitted-1@example.org", "uncommitted-2@example.org"]);
    }
  });

  if (kind === "sqlite") {
    it("commits the writes that arrive together in one transaction", async () => {
      const write = createWriteRunner(database);
      const transaction = jest.spyOn(database.db, "transaction");
      try {
        await Promise.all(Array.from({ length: 25 }, (_, index) => write((trx) => trx.insertInto("newsletter_subscriptions").values(subscribe(`group-${index}@example.org`)).execute())));
        expect(transaction).toHaveBeenCalledTimes(1);
      } finally {
        transaction.mockRestore();
      }
      expect(await stored("group-")).toHaveLength(25);
    });
  }
});
