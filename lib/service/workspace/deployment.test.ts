import { PAGE_REVALIDATE_SECONDS } from "../../contract/cache-policy";
import { WORKSPACE } from "../../contract/staff";
import { afterPublishMessage, spokenDuration, type Deployment } from "./deployment";

/**
 * What a publish says about this deployment: never "within seconds" everywhere
 * when only this instance knows, and the CDN's lifetime from the cache policy.
 */
describe("the message after a publish", () => {
  const alone: Deployment = { sharedRedis: false, purge: false };
  const shared: Deployment = { sharedRedis: true, purge: false };

  it("without REDIS_URL, promises only this instance, and says how long another may keep the old words", () => {
    const message = afterPublishMessage("published", 5078, alone);
    expect(message).toContain("Published: 5,078 pages' words change.");
    expect(message).toContain(WORKSPACE.thisInstanceOnly("2 hours"));
    expect(message).not.toContain(WORKSPACE.everyInstance);
    expect(message).not.toMatch(/within seconds/);
  });

  it("with REDIS_URL, says every instance sharing it serves the new words", () => {
    const message = afterPublishMessage("rolledBack", 1, shared);
    // Three sentences, one after the other.
    expect(message).toBe(
      [WORKSPACE.changeLive("rolledBack", 1), WORKSPACE.everyInstance, WORKSPACE.cdnNotPurged("1 hour", PAGE_REVALIDATE_SECONDS)].join(" "),
    );
    expect(message).toContain("Rolled back: 1 page's words change.");
    expect(message).toContain(WORKSPACE.everyInstance);
    expect(message).not.toContain("This instance");
  });

  it("states the CDN lifetime from the cache policy, and whether PURGE_URL is told", () => {
    expect(afterPublishMessage("published", 3, alone)).toContain(`up to 1 hour (s-maxage=${PAGE_REVALIDATE_SECONDS}): no PURGE_URL is set`);
    expect(afterPublishMessage("published", 3, { ...shared, purge: true })).toContain(`sent to PURGE_URL for the CDN to drop; until it does, a CDN may show the old words for up to 1 hour (s-maxage=${PAGE_REVALIDATE_SECONDS})`);
  });

  it("reads REDIS_URL and PURGE_URL from the configuration", () => {
    const read = (variables: Record<string, string>) => {
      const saved = { ...process.env };
      Object.assign(process.env, { REDIS_URL: "", PURGE_URL: "", PURGE_SECRET: "" }, variables);
      try {
        let facts: Deployment | undefined;
        jest.isolateModules(() => {
          facts = (jest.requireActual("./deployment") as typeof import("./deployment")).deployment();
        });
        return facts;
      } finally {
        process.env = saved;
      }
    };
    expect(read({})).toEqual({ sharedRedis: false, purge: false });
    expect(read({ REDIS_URL: "redis://127.0.0.1:6379", PURGE_URL: "https://cdn.example.com/purge", PURGE_SECRET: "a-purge-secret-of-some-length" })).toEqual({ sharedRedis: true, purge: true });
  });

  it("says durations as people do", () => {
    expect([spokenDuration(3600), spokenDuration(7200), spokenDuration(1800), spokenDuration(60), spokenDuration(45)]).toEqual(["1 hour", "2 hours", "30 minutes", "1 minute", "45 seconds"]);
  });
});
