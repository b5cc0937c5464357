import net from "node:net";
import type { createClient } from "redis";
import { redisPing } from "./redis-ping";

/**
 * GET /healthz's Redis check against stand-ins for a Redis server: one that answers every PING
 * with PONG (and anything else the client sends on connecting with OK), one that accepts the
 * connection and never answers, and an address where nothing listens.
 */
const clients: ReturnType<typeof createClient>[] = [];
const options: Parameters<typeof createClient>[0][] = [];
jest.mock("redis", () => {
  const actual = jest.requireActual("redis");
  // The check keeps its connection for good; the test closes every one it made when it ends.
  return { ...actual, createClient: (...args: Parameters<typeof actual.createClient>) => options.push(args[0] as Parameters<typeof createClient>[0]) && clients.push(actual.createClient(...args)) && clients.at(-1) };
});

type StandIn = { url: string; connections: () => number; pings: () => number; close: () => Promise<void> };

async function standIn(answer: boolean): Promise<StandIn> {
  let connections = 0;
  let pings = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      if (!answer) return;
      // Each command is a RESP array: *<count>, then $<length> and the word, for each argument.
      for (const command of chunk.toString("latin1").split(/(?=\*\d+\r\n)/)) {
        const name = command.split("\r\n")[2]?.toUpperCase();
        if (!name) continue;
        if (name === "PING") pings++;
        socket.write(name === "PING" ? "+PONG\r\n" : "+OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => connections,
    pings: () => pings,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const servers: StandIn[] = [];
afterAll(async () => {
  for (const client of clients) client.destroy();
  await Promise.all(servers.map((server) => server.close()));
});

it("answers once the server says PONG, over the one connection it keeps for every later check", async () => {
  const server = await standIn(true);
  servers.push(server);
  const check = redisPing(server.url);
  await check();
  await check();
  await check();
  expect(server.pings()).toBe(3);
  expect(server.connections()).toBe(1);
  // A lost connection is tried again 200 ms later, then 400, 600…, never more than 2 s apart;
  // a connection attempt gives up after 2 s, within the check's own deadline.
  const socket = options.at(-1)?.socket as { connectTimeout?: number; reconnectStrategy?: (retries: number, cause: Error) => unknown };
  expect(socket.connectTimeout).toBe(2_000);
  expect([1, 2, 3, 9, 10, 11, 50].map((retries) => socket.reconnectStrategy?.(retries, new Error("lost")))).toEqual([200, 400, 600, 1_800, 2_000, 2_000, 2_000]);
});

it("fails within two seconds when the server takes the connection and never answers", async () => {
  const server = await standIn(false);
  servers.push(server);
  const started = Date.now();
  await expect(redisPing(server.url)()).rejects.toThrow("Redis did not answer within 2 s");
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  expect(Date.now() - started).toBeLessThan(4_000);
});

it("fails, and logs why, when nothing listens at the address", async () => {
  const closed = await standIn(true);
  await closed.close();
  const logged: string[] = [];
  const spy = jest.spyOn(console, "error").mockImplementation((line: string) => logged.push(line));
  try {
    await expect(redisPing(closed.url)()).rejects.toThrow();
    expect(logged.some((line) => line.startsWith("[service] redis (health check): "))).toBe(true);
  } finally {
    spy.mockRestore();
  }
});
