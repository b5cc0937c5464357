import { CALL_NAMES } from "../contract";
import { announcePostgres, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** Calls the site does not know, and bodies no call accepts: a clear 400 or 404, never a 500. */
describe.each(databaseKinds)("bad input on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;

  it("answers 404 for an unknown call and 400 for a body that is not an object", async () => {
    expect(await call("agents/delete", {})).toEqual({ status: 404, body: { success: false, message: 'There is no call named "agents/delete".' } });
    for (const body of [null, [], "page", 7, true]) {
      expect(await call("page/get", body)).toEqual({ status: 400, body: { success: false, message: "The request body must be a JSON object." } });
    }
  });

  it("answers 400 with a clear message for missing fields and wrong types", async () => {
    expect((await call("page/get", {})).body.message).toBe("Please provide a page id.");
    expect((await call("page/get", { page_id: "1" })).body.message).toBe("A page id must be a number.");
    expect((await call("page/get", { page_id: 1.5 })).body.message).toBe("A page id must be a whole number.");
    expect((await call("city/list", { state_id: 5, length: "Most" })).body.message).toBe('Length must be "Half" or "Full".');
    expect((await call("blog/get", { slug: "<script>" })).body.message).toBe("Blog contains characters that are not allowed.");
    expect((await call("agents/list", { state: "TX" })).body.message).toBe("Please provide a city.");
  });

  it("never answers 500 to odd bodies on any call", async () => {
    const odd: unknown[] = [
      {},
      { page_id: -1, id: 0, state_id: 1e20, slug: "", state: "", city: "", type: 99, length: null },
      { page_id: { $gt: 0 }, email_address: ["a@b.co"], exam: [{ question: {}, answer: 5 }] },
      { state: "x".repeat(5000), city: "🏠", agent_id: Number.MAX_SAFE_INTEGER, cate_id: "1" },
      { property_category: 1, property_address: "a", property_city: "b", property_zip: "12345", exam: [null] },
      { __proto__: { polluted: true }, constructor: { prototype: {} }, type: "Featured" },
    ];
    for (const name of CALL_NAMES) {
      for (const body of odd) {
        const answer = await call(name, body);
        expect({ name, body, status: answer.status < 500 }).toEqual({ name, body, status: true });
        expect(typeof answer.body.success).toBe("boolean");
      }
    }
  });
});
