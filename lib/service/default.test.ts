import { createTestDatabase, type TestDatabase } from "@/test-support";
import { FAILURE } from "../contract/messages";
import { INTERNAL_CALLER } from "./guard";

/**
 * The running site's service (default.ts), configured from the environment: its database opened
 * once, a failed open answered in the generic words and tried again by the next call, the list
 * length and the Redis check it is given. The database and the Redis check are stand-ins.
 */
const mockGetDatabase = jest.fn();
jest.mock("../db", () => ({ getDatabase: () => mockGetDatabase() }));
const mockRedisPing = jest.fn();
jest.mock("./redis-ping", () => ({ redisPing: (url: string) => mockRedisPing(url) }));

const REDIS_URL = "redis://cache.example:6379";
let database: TestDatabase;
const saved = { ...process.env };

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
});
afterAll(async () => database?.destroy());
afterEach(() => {
  process.env = { ...saved };
  mockGetDatabase.mockReset();
  mockRedisPing.mockReset();
});

/** default.ts as a fresh process loads it, with these settings. */
function loadDefault(settings: Record<string, string>): typeof import("./default") {
  process.env = { ...saved, ...settings };
  delete process.env.API_BASE_URL;
  if (!settings.REDIS_URL) delete process.env.REDIS_URL;
  let loaded: typeof import("./default") | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof import("./default")>("./default");
  });
  return loaded!;
}

it("opens the database once; a failed open is answered 500 in the generic words, logged, and tried again by the next call", async () => {
  mockGetDatabase.mockRejectedValueOnce(new Error("disk gone")).mockResolvedValue(database);
  const { getService } = loadDefault({ STATE_LIST_HALF: "3" });
  const service = getService();
  expect(getService()).toBe(service);

  const logged: string[] = [];
  const spy = jest.spyOn(console, "error").mockImplementation((line: string) => logged.push(line));
  let failed;
  try {
    failed = await service.handle({ call: "state/code/list", body: { length: "Half" }, caller: INTERNAL_CALLER });
  } finally {
    spy.mockRestore();
  }
  expect(failed).toEqual({ status: 500, body: { success: false, message: FAILURE.unexpected } });
  expect(logged[0]).toMatch(/^\[service\] database unavailable: Error: disk gone/);

  const half = await service.handle({ call: "state/code/list", body: { length: "Half" }, caller: INTERNAL_CALLER });
  expect(half.status).toBe(200);
  // STATE_LIST_HALF states in the short list.
  expect((half.body as { states: unknown[] }).states).toHaveLength(3);
  await service.handle({ call: "state/code/list", body: {}, caller: INTERNAL_CALLER });
  expect(mockGetDatabase).toHaveBeenCalledTimes(2);
});

it("checks REDIS_URL's server in the health check when it is set, and no Redis at all when it is not", async () => {
  mockGetDatabase.mockResolvedValue(database);
  mockRedisPing.mockReturnValue(() => Promise.reject(new Error("no answer")));
  const withRedis = await loadDefault({ REDIS_URL }).getService().handle({ call: "health/check", body: {}, caller: INTERNAL_CALLER });
  expect(mockRedisPing).toHaveBeenCalledWith(REDIS_URL);
  expect(withRedis.body).toMatchObject({ status: "failing", redis: { ok: false } });

  mockRedisPing.mockClear();
  const without = await loadDefault({}).getService().handle({ call: "health/check", body: {}, caller: INTERNAL_CALLER });
  expect(mockRedisPing).not.toHaveBeenCalled();
  expect(without.body).toMatchObject({ status: "ok", redis: null });
});
