import { createTestDatabase, createTestService, type TestDatabase } from "@/test-support";
import { INTERNAL_CALLER } from "../service/guard";
import { createRouteResolver } from "./route-resolver";

/**
 * What the production server decides before rendering: every dynamic route family,
 * on the seeded database; a URL that names nothing is "missing" (a 404 that stores nothing).
 */
let database: TestDatabase;
let resolve: (path: string) => Promise<unknown>;
let profile: string;
let blog: string;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  const service = createTestService(database);
  resolve = createRouteResolver((call, body) => service.handle({ call, body, caller: INTERNAL_CALLER })).resolve;
  const agent = await database.db.selectFrom("agents").innerJoin("cities", "cities.id", "agents.city_id").select(["agents.id", "cities.slug"]).where("agents.state_id", "=", database.db.selectFrom("states").select("id").where("abbreviation", "=", "TX")).executeTakeFirstOrThrow();
  profile = `/agent/TX/${agent.slug}/${agent.id}`;
  blog = `/blog/${(await database.db.selectFrom("blogs").select("slug").executeTakeFirstOrThrow()).slug}`;
});
afterAll(async () => database?.destroy());

const page = { kind: "page" };
const missing = { kind: "missing" };
const redirect = (location: string) => ({ kind: "redirect", location });

it("lets real pages through, in every family", async () => {
  for (const path of ["/agents/TX", "/agents/TX/austin", "/agents/TX/austin/page/2", "/agents/TX/austin/single-family", "/laws/texas", "/laws/compare/security-deposit-limits", profile, `${profile}/opengraph-image-zv6u9g/card`, blog, `${blog}/twitter-image-fx5gi7/card`]) {
    expect({ path, resolution: await resolve(path) }).toEqual({ path, resolution: page });
  }
});

it("answers Next.js's own pages as missing, without asking the service", async () => {
  const calls: string[] = [];
  const counting = createRouteResolver(async (call) => {
    calls.push(call);
    return { status: 200, body: {} };
  });
  for (const path of ["/_not-found", "/_global-error", "/_error", "/_document", "/_app", "/_not-found/page", "/%5Fnot-found"]) {
    expect({ path, resolution: await counting.resolve(path) }).toEqual({ path, resolution: missing });
  }
  expect(calls).toEqual([]);
  // A site page beginning like one is not mistaken for one.
  expect(await counting.resolve("/about-us")).toEqual(page);
});

it("redirects other spellings of a real page to its canonical address", async () => {
  expect(await resolve("/agents/tx")).toEqual(redirect("/agents/TX"));
  expect(await resolve("/agents/texas")).toEqual(redirect("/agents/TX"));
  expect(await resolve("/agents/tx/AUSTIN")).toEqual(redirect("/agents/TX/austin"));
  expect(await resolve("/agents/TX/austin/page/1")).toEqual(redirect("/agents/TX/austin"));
  expect(await resolve("/laws/TX")).toEqual(redirect("/laws/texas"));
  expect(await resolve("/laws/New%20York")).toEqual(redirect("/laws/new-york"));
  expect(await resolve("/laws/compare/security_deposit_max")).toEqual(redirect("/laws/compare/security-deposit-limits"));
});

it("finds nothing for a URL that names nothing, in every family", async () => {
  for (const path of [
    "/agents/ZZ",
    "/agents/TX/gotham",
    "/agents/TX/austin/condos",
    "/agents/TX/austin/page/999",
    "/agents/TX/austin/page/0",
    "/agents/TX/austin/single-family/page/999",
    "/agent/TX/austin/999999999",
    "/agent/TX/austin/abc",
    `${profile}/opengraph-image-zv6u9g/other`,
    "/agent/TX/austin/999999999/twitter-image-zv6u9g/card",
    "/laws/atlantis",
    "/laws/compare/no-such-topic",
    "/blog/no-such-post",
    `${blog}/opengraph-image-fx5gi7/x`,
  ]) {
    expect({ path, resolution: await resolve(path) }).toEqual({ path, resolution: missing });
  }
});
