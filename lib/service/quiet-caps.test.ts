import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { mayMailUnconfirmed, NEWSLETTER_CONFIRMATION_EVERY_MS, UNCONFIRMED_MAIL_PER_DAY } from "./rate-limit";

announcePostgres();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(databaseKinds)("mail to a mailbox that has not confirmed anything on %s (N4)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());

  const may = (email: string, messageKind: "lead.confirmation" | "newsletter.confirmation", now: number) => mayMailUnconfirmed(database.db, { email, kind: messageKind, now });

  it(`sends at most ${UNCONFIRMED_MAIL_PER_DAY} messages a day to one mailbox, whatever its +tags, and more the next day`, async () => {
    const start = Date.now();
    const answers = [];
    for (let index = 1; index <= 6; index++) answers.push(await may(`victim+${index}@${kind}.example.org`, "lead.confirmation", start + index * 1_000));
    expect(answers).toEqual([true, true, true, false, false, false]);
    expect(await may(`other@${kind}.example.org`, "lead.confirmation", start + 7_000)).toBe(true);
    expect(await may(`victim@${kind}.example.org`, "lead.confirmation", start + DAY + 2_000)).toBe(true);
  });

  it("sends the newsletter's confirmation once a week to one mailbox, Gmail's dots and all", async () => {
    const start = Date.now();
    expect(await may("news.reader@gmail.com", "newsletter.confirmation", start)).toBe(true);
    expect(await may("newsreader+again@googlemail.com", "newsletter.confirmation", start + 11 * MINUTE)).toBe(false);
    expect(await may("NEWS.READER@gmail.com", "newsletter.confirmation", start + 6 * DAY)).toBe(false);
    expect(await may("newsreader@gmail.com", "newsletter.confirmation", start + NEWSLETTER_CONFIRMATION_EVERY_MS + MINUTE)).toBe(true);
  });

  it("stores no address in clear", async () => {
    await may("private.person@example.org", "lead.confirmation", Date.now());
    const keys = (await database.db.selectFrom("rate_limiter").select("key").execute()).map((row) => row.key).join(" ");
    expect(keys).not.toContain("private");
    expect(keys).not.toContain("example.org");
  });
});
