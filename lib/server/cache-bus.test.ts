import net, { type AddressInfo } from "node:net";
import { createClient } from "redis";
import { createCacheBus } from "./cache-bus";

/** Resolves once `check` holds, polling every 10 ms (a message crosses Redis in a few). */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the cache bus without Redis", () => {
  it("drops this instance's copies, and there is no other to tell", async () => {
    let cleared = 0;
    const bus = createCacheBus({ prefix: "test" }, () => cleared++);
    await bus.publishClear();
    expect(cleared).toBe(1);
    await expect(bus.close()).resolves.toBeUndefined();
  });
});

/** A server that takes each connection and hangs up at once (a Redis that never answers), counting them. */
async function hangingUp() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the cache bus, when Redis does not answer", () => {
  it("starts anyway, still drops this instance's copies, says it could not tell the others, and closes", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const refused = () => errors.mock.calls.filter(([line]) => /^\[service\] redis \(page copies\): .*ECONNREFUSED/.test(String(line))).length;
    // A second bus, retrying on the same schedule against a server that hangs up: while it keeps
    // trying, the first would have tried again too, had closing not stopped it.
    const server = await hangingUp();
    const witness = createCacheBus({ redisUrl: server.url, prefix: "test-down-witness" }, () => {});
    let cleared = 0;
    // Port 1: nothing listens. Before, the bus waited for a connection that never came, and the server with it.
    const bus = createCacheBus({ redisUrl: "redis://127.0.0.1:1", prefix: "test-down" }, () => cleared++);
    try {
      await bus.publishClear();
      expect(cleared).toBe(1);
      const logged = errors.mock.calls.map(([line]) => String(line).split("\n")[0]);
      expect(logged).toContain("[service] could not tell the other instances to drop their page copies: Error: Redis is not connected");
      await until(() => refused() > 0);
      // Closed, it stops retrying: no error is logged after it, while the witness tries three more rounds.
      await bus.close();
      const count = refused();
      const seen = server.connections();
      await until(() => server.connections() >= seen + 6);
      expect(refused()).toBe(count);
    } finally {
      await Promise.all([bus.close(), witness.close()]);
      await server.close();
      errors.mockRestore();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn("TEST_REDIS_URL is not set: the cache bus's Redis tests are skipped.");

describeRedis("the cache bus, on Redis", () => {
  it("tells every instance to drop its copies, each once connected, and only those on its prefix", async () => {
    const prefix = `test-bus-${process.pid}`;
    const counts = { a: 0, b: 0, other: 0 };
    const a = createCacheBus({ redisUrl: REDIS_URL, prefix }, () => counts.a++);
    const b = createCacheBus({ redisUrl: REDIS_URL, prefix }, () => counts.b++);
    const other = createCacheBus({ redisUrl: REDIS_URL, prefix: `${prefix}-other` }, () => counts.other++);
    try {
      // Each drops its copies once when its subscriber connects (a clear may have been missed before).
      await until(() => counts.a === 1 && counts.b === 1 && counts.other === 1);
      // The subscription is made right after the connection; a publish before it would not arrive.
      const watcher = createClient({ url: REDIS_URL });
      await watcher.connect();
      await until(async () => (await watcher.pubSubNumSub(`${prefix}:page-copies:clear`))[`${prefix}:page-copies:clear`] === 2);
      await watcher.quit();
      // Every instance on the prefix hears a clear, the sender included (its copies drop twice: harmless).
      await a.publishClear();
      await until(() => counts.a === 3 && counts.b === 2);
      await b.publishClear();
      await until(() => counts.a === 4 && counts.b === 4);
      expect(counts.other).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
