import crypto from "node:crypto";
import fs from "node:fs";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase } from "@/test-support";
import type { Service } from ".";
import { countHits, DAY_MS, limitKeyPart, managerChecks, PHONE_ONLY_PER_MANAGER_FACTOR, PHONE_ONLY_PER_NUMBER_PER_DAY, RATE_LIMIT_WINDOW_MS, RateLimitedError, visitorChecks, type LimitCheck } from "./rate-limit";
import { createOutboxWorker } from "./outbox-worker";
import { FILES_ONLY } from "./delivery/routing";

announcePostgres();

/** Which keys a browser's save is counted against, and with which limits (the policy at the top of rate-limit.ts). */
describe("the save limits' keys", () => {
  const network = "198.51.100.7";
  const checks = (call: "lead/save" | "contact/save" | "newsletter/save", input?: Record<string, unknown>) => visitorChecks({ call, network, input, perMinute: 10 });

  it("counts a lead with an email per network each minute, and as a waiting lead per network (3×) each day: never per mailbox", () => {
    expect(checks("lead/save", { email_address: "Owner+quotes@Example.org", property_number: "5125550100" })).toEqual([
      { key: `lead/save|network:${network}`, limit: 10 },
      { key: `waiting|network:${network}`, limit: 30, windowMs: DAY_MS },
    ]);
  });

  it("counts a phone-only lead per network each minute and each day (1×): never per phone number; a lead with neither, or a call without input, per network only", () => {
    expect(checks("lead/save", { property_number: "(512) 555-0100" })).toEqual([
      { key: `lead/save|network:${network}`, limit: 10 },
      { key: `phone-only|network:${network}`, limit: 10, windowMs: DAY_MS },
    ]);
    expect(checks("lead/save", {})).toEqual([{ key: `lead/save|network:${network}`, limit: 10 }]);
    expect(checks("lead/save")).toEqual([{ key: `lead/save|network:${network}`, limit: 10 }]);
  });

  it("counts a contact message and a newsletter sign-up per network only, whatever they carry", () => {
    expect(checks("contact/save", { email: "Owner+site@example.org" })).toEqual([{ key: `contact/save|network:${network}`, limit: 10 }]);
    expect(checks("newsletter/save", { email_address: "owner@example.org" })).toEqual([{ key: `newsletter/save|network:${network}`, limit: 10 }]);
    expect(checks("newsletter/save", { property_number: "5125550100" })).toEqual([{ key: `newsletter/save|network:${network}`, limit: 10 }]);
  });

  it("counts each manager a confirmed request reaches once, at three times the limit, in id order", () => {
    expect(managerChecks({ agentIds: [30, 4, 12, 4], perMinute: 10 })).toEqual([
      { key: "manager|manager:4", limit: 30 },
      { key: "manager|manager:12", limit: 30 },
      { key: "manager|manager:30", limit: 30 },
    ]);
  });

  it("keys a phone number by 32 hex digits of its hash, and caps any other key part at 64 characters", () => {
    expect(limitKeyPart("phone", "(512) 555-0100")).toMatch(/^phone:[0-9a-f]{32}$/);
    expect(limitKeyPart("phone", "512.555.0100")).toBe(limitKeyPart("phone", "(512) 555-0100"));
    expect(limitKeyPart("manager", "7".repeat(500))).toBe(`manager:${"7".repeat(64)}`);
  });
});

/** The sliding window of the save limits, on the database store the site uses. */
describe.each(databaseKinds)("save limits' counters on %s", (kind) => {
  let database: TestDatabase;
  const minute = (index: number) => index * RATE_LIMIT_WINDOW_MS;
  let base = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    base = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
  });
  afterAll(async () => database?.destroy());

  /** Counts `checks` as a save does, in a transaction of its own (a refusal rolls it back); answers the 429's Retry-After, or null when let through. */
  async function hit(checks: LimitCheck[], at: number): Promise<number | null> {
    try {
      await database.db.transaction().execute((trx) => countHits(trx, checks, at));
      return null;
    } catch (error) {
      if (error instanceof RateLimitedError) return error.retryAfterSeconds;
      throw error;
    }
  }

  const hits = async (key: string, count: number, at: number) => {
    const results: boolean[] = [];
    for (let index = 0; index < count; index++) results.push((await hit([{ key, limit: 10 }], at)) !== null);
    return results;
  };

  it("lets ten saves through in a minute and refuses the eleventh", async () => {
    expect(await hits("lead/save|network:198.51.100.1", 11, base + 5_000)).toEqual([...Array(10).fill(false), true]);
  });

  it("cannot be doubled at the edge of a minute: ten at 0:59 leave no room at 1:01", async () => {
    const key = "lead/save|network:198.51.100.2";
    expect(await hits(key, 10, base + minute(0) + 59_000)).toEqual(Array(10).fill(false));
    // Two seconds later, in the next clock minute: a fixed window would allow ten more here.
    expect(await hits(key, 3, base + minute(1) + 1_000)).toEqual([true, true, true]);
  });

  it("frees saves as the previous minute slides out, and forgets a minute two windows old", async () => {
    const key = "lead/save|network:198.51.100.3";
    await hits(key, 10, base + minute(0) + 30_000);
    // At 1:45 the previous minute weighs 25% (2.5 saves), so the next minute allows about seven.
    const later = await hits(key, 10, base + minute(1) + 45_000);
    expect(later.filter((limited) => !limited).length).toBe(7);
    expect(later.slice(0, 7)).toEqual(Array(7).fill(false));
    // At 3:00 the seven of minute 1 are two windows back: ten saves again.
    expect(await hits(key, 11, base + minute(3))).toEqual([...Array(10).fill(false), true]);
  });

  it("keeps one row per key, whose count a refused save does not raise", async () => {
    const key = "lead/save|network:198.51.100.4";
    await hits(key, 12, base + minute(0) + 10_000);
    const rows = await database.db.selectFrom("rate_limiter").select(["key", "points", "previous_points"]).where("key", "like", `${key}%`).execute();
    expect(rows.map((row) => ({ ...row, points: Number(row.points), previous_points: Number(row.previous_points) }))).toEqual([{ key, points: 10, previous_points: 0 }]);
  });

  it("counts each key on its own, and any key over its limit refuses the save, with the seconds the window needs", async () => {
    const email = `lead/save|${limitKeyPart("email", "Owner@Example.org")}`;
    for (let index = 0; index < 10; index++) {
      expect(await hit([{ key: `lead/save|network:203.0.113.${index}`, limit: 10 }, { key: email, limit: 10 }], base + 1_000)).toBeNull();
    }
    // A new address, the same owner's email in another case: refused by the email key, 59 s before its minute ends.
    expect(await hit([{ key: "lead/save|network:203.0.113.99", limit: 10 }, { key: `lead/save|${limitKeyPart("email", "owner@example.ORG")}`, limit: 10 }], base + 2_000)).toBe(58);
  });

  it("stores no email in clear and caps every key's length", async () => {
    const at = base + 3_000;
    const email = `newsletter/save|${limitKeyPart("email", "Private.Person+quotes@example.org")}`;
    const long = `x|${limitKeyPart("network", "9".repeat(500))}`;
    expect(email).toMatch(/^newsletter\/save\|email:[0-9a-f]{32}$/);
    await hit([{ key: email, limit: 10 }, { key: long, limit: 10 }], at);
    // Both counters were written, one hit each: an empty table would pass the checks below.
    const counted = await database.db.selectFrom("rate_limiter").select(["key", "points"]).where("key", "in", [email, long]).orderBy("key").execute();
    expect(counted.map((row) => ({ key: row.key, points: Number(row.points) }))).toEqual([
      { key: email, points: 1 },
      { key: long, points: 1 },
    ]);
    const keys = (await database.db.selectFrom("rate_limiter").select("key").execute()).map((row) => row.key);
    expect(keys.join(" ")).not.toMatch(/private\.person/i);
    expect(keys.filter((key) => key.length >= 120)).toEqual([]);
  });

  it("the worker's retention sweep drops the counters whose windows have passed, and only those", async () => {
    await database.db.insertInto("rate_limiter").values({ key: "stale|1", points: 3, expire: Date.now() - 1_000 }).execute();
    await database.db.insertInto("rate_limiter").values({ key: "live|1", points: 3, expire: Date.now() + 60_000 }).execute();
    const worker = createOutboxWorker({
      db: database.db,
      dialect: database.dialect,
      channels: {},
      settings: { siteUrl: "http://localhost:3000", delivery: FILES_ONLY, retryBaseMs: 1, retryMaxMs: 1, giveUpMs: 1, leaseMs: 1, pollMs: 1, matchCheckMs: 1, retentionDays: 30 },
    });
    await worker.sweepRetention();
    const keys = (await database.db.selectFrom("rate_limiter").select("key").where("key", "in", ["stale|1", "live|1"]).execute()).map((row) => row.key);
    expect(keys).toEqual(["live|1"]);
  });
});

/**
 * The limits as a browser meets them, through the service's door: what counts against which
 * key (refused calls never use up a manager's cap), and what a save costs on disk.
 */
describe.each(databaseKinds)("a browser's saves on %s", (kind) => {
  const PER_MINUTE = 2;
  let database: TestDatabase;
  let service: Service;
  let managers: number[] = [];
  const run = crypto.randomBytes(3).toString("hex");
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: PER_MINUTE });
    const match = await callAsSite(service, "agents/match", { property_zip: "78701", property_category: 1 });
    managers = match.body.agents.map((agent: { agent_id: number }) => agent.agent_id);
  });
  afterAll(async () => database?.destroy());

  /** A lead from a browser of the site at `address`. */
  async function lead(address: string, fields: Record<string, unknown>, through = service) {
    const body = {
      submission_key: `limits-${run}-${++sequence}`,
      property_category: 1,
      property_address: "100 Congress Avenue",
      property_city: "Austin",
      property_zip: "78701",
      full_name: "Sam Owner",
      email_address: `owner-${run}-${sequence}@example.org`,
      property_number: "5125550100",
      preferred_contact_method: "Phone",
      ...fields,
    };
    const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    const result = await through.handle({ call: "lead/save", body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } });
    return result.status;
  }
  const address = (label: string) => `198.51.${label}.${run.length}`;
  const storedFor = async (agentId: number) =>
    (await database.db.selectFrom("lead_recipients").select("lead_id").where("agent_id", "=", agentId).execute()).length;

  it("lets a flood with one email through from many networks, each at its own limit, and the manager it names still hears from others", async () => {
    const manager = managers[0];
    // Four networks, two leads each, one email: nothing about the email refuses any of them.
    const flood: number[] = [];
    for (const from of ["1", "2", "3", "4"]) for (let index = 0; index < PER_MINUTE; index++) flood.push(await lead(address(`10.${from}`), { email_address: `flood-${run}@example.org`, agent_ids: [manager] }));
    expect(flood).toEqual(Array(4 * PER_MINUTE).fill(200));
    // The network's own limit still holds.
    expect(await lead(address("10.1"), { email_address: `flood-${run}@example.org`, agent_ids: [manager] })).toBe(429);
    expect(await lead(address("10.5"), { agent_ids: [manager] })).toBe(200);
  });

  it("lets quote-guarantee leads for one phone number through from many networks, sends three of them a day, and holds the rest unsent", async () => {
    // Each lead to another manager, so that no manager's own daily cap is what holds them.
    const named = [managers[3], managers[2], managers[0]];
    const guarantee = (phone: string, index: number) => ({ email_address: "", full_name: "", preferred_contact_method: undefined, exam: undefined, price: 135, property_number: phone, agent_ids: [named[index % 3]] });
    const flood: number[] = [];
    for (const [from, phone] of [["1", "(512) 555-0177"], ["2", "512-555-0177"], ["3", "512 555 0177"], ["4", "5125550177"]]) {
      for (let index = 0; index < PER_MINUTE; index++) flood.push(await lead(address(`40.${from}`), guarantee(phone, flood.length)));
    }
    expect(flood).toEqual(Array(4 * PER_MINUTE).fill(200));
    const sent = await database.db.selectFrom("outbox_messages").select("lead_id").distinct().where("kind", "=", "lead.new").where("agent_id", "in", named).execute();
    expect(sent).toHaveLength(PHONE_ONLY_PER_NUMBER_PER_DAY);
  });

  it("never counts an invalid or a honeypot lead toward the manager it names", async () => {
    const manager = managers[1];
    const unknownManager = 987_654;
    const refused: number[] = [];
    for (const from of ["1", "2", "3", "4"]) {
      refused.push(await lead(address(`20.${from}`), { agent_ids: [manager, unknownManager] }));
      refused.push(await lead(address(`20.${from}`), { agent_ids: [manager], website: "https://spam.example" }));
    }
    expect(refused).toEqual(Array(4).fill([400, 200]).flat());
    expect(await storedFor(manager)).toBe(0);
    expect(await lead(address("20.5"), { agent_ids: [manager] })).toBe(200);
  });

  it("never counts a lead waiting for its owner's confirmation toward a manager's cap: a flood of throwaway emails does not lock a genuine owner out (N2)", async () => {
    const manager = managers[2];
    const statuses: number[] = [];
    // Four addresses, each at its per-minute limit, every lead with another throwaway email: more than the manager's cap (6).
    for (const from of ["1", "2", "3", "4"]) for (let index = 0; index < PER_MINUTE; index++) statuses.push(await lead(address(`30.${from}`), { agent_ids: [manager] }));
    expect(statuses).toEqual(Array(4 * PER_MINUTE).fill(200));
    // A genuine owner from a fifth address still gets through, and so would their confirmation.
    expect(await lead(address("30.5"), { agent_ids: [manager] })).toBe(200);
  });

  it("never counts a phone-only lead toward a manager's cap: it caps them apart, at the limit a day, unsent past it, and every save is answered alike", async () => {
    const manager = managers[4];
    const guarantee = (phone: string) => ({ email_address: "", full_name: "", preferred_contact_method: undefined, exam: undefined, price: 135, property_number: phone, agent_ids: [manager] });
    const statuses: number[] = [];
    for (const from of ["1", "2", "3", "4"]) for (let index = 0; index < PER_MINUTE; index++) statuses.push(await lead(address(`50.${from}`), guarantee(`51255501${from}${index}`)));
    expect(statuses).toEqual(Array(4 * PER_MINUTE).fill(200));
    expect(await storedFor(manager)).toBe(4 * PER_MINUTE);
    const sent = await database.db.selectFrom("outbox_messages").select("lead_id").distinct().where("kind", "=", "lead.new").where("agent_id", "=", manager).execute();
    expect(sent).toHaveLength(PER_MINUTE * PHONE_ONLY_PER_MANAGER_FACTOR);
  });

  it("counts a confirmed lead toward its managers' cap when the owner confirms it: over the cap, the click sends nothing and can be made again", async () => {
    const manager = managers[1];
    const confirmTokens: string[] = [];
    for (let index = 0; index < 3 * PER_MINUTE + 1; index++) {
      expect(await lead(address(`60.${index}`), { agent_ids: [manager], email_address: `confirming-${run}-${index}@example.org` })).toBe(200);
      const [row] = await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "lead.confirmation").orderBy("id", "desc").limit(1).execute();
      confirmTokens.push(JSON.parse(row.payload).confirm_token);
    }
    const confirm = async (token: string, from: string) => {
      const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
      const [reference] = (await callAsSite(service, "lead/confirmation", { token })).body.requests.map((request: { reference: string }) => request.reference);
      return (await service.handle({ call: "lead/confirm", body: JSON.stringify({ token, references: [reference] }), caller: { kind: "http", method: "POST", headers, address: from } })).status;
    };
    const sentTo = async () => (await database.db.selectFrom("outbox_messages").select("id").where("kind", "=", "lead.new").where("agent_id", "=", manager).execute()).length;
    const statuses: number[] = [];
    for (const [index, token] of confirmTokens.entries()) statuses.push(await confirm(token, address(`60.${index}`)));
    expect(statuses).toEqual([...Array(3 * PER_MINUTE).fill(200), 429]);
    expect(await sentTo()).toBe(3 * PER_MINUTE);
  });

  it("keys an IPv6 client by its /56: new addresses within it share one limit", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 6; host++) {
      const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
      const body = JSON.stringify({ email_address: `ipv6-${run}-${host}@example.org` });
      statuses.push((await service.handle({ call: "newsletter/save", body, caller: { kind: "http", method: "POST", headers, address: `2001:db8:${run.length}:2${host.toString(16)}::${host.toString(16)}` } })).status);
    }
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), ...Array(6 - PER_MINUTE).fill(429)]);
  });

  if (kind === "sqlite") {
    it("costs one commit for a lead with three managers, counters included", async () => {
      const match = await callAsSite(service, "agents/match", { property_zip: "78701", property_category: 2 });
      const chosen = match.body.agents.slice(0, 3).map((agent: { agent_id: number }) => agent.agent_id);
      // Limits high enough that the tests above cannot have used them up.
      const roomy = createTestService(database, { savesPerMinute: 1000 });
      const sqlite = database.driver as import("better-sqlite3").Database;
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      expect(await lead(address("40.1"), { property_category: 2, agent_ids: chosen }, roomy)).toBe(200);
      expect(walCommits(database.location)).toBe(1);
    });
  }
});

/**
 * Transactions committed to a SQLite database since its write-ahead log was last truncated: the
 * log's frames that carry a commit mark (a non-zero database size), under its current salt.
 */
function walCommits(file: string): number {
  const wal = fs.readFileSync(`${file}-wal`);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    if (wal.readUInt32BE(offset + 8) !== salts[0] || wal.readUInt32BE(offset + 12) !== salts[1]) break;
    if (wal.readUInt32BE(offset + 4) !== 0) commits++;
  }
  return commits;
}
