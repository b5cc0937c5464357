import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApiClient, type ApiClient } from "./client";
import { createHttpTransport } from "./browser";
import { ApiError } from "../contract/errors";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";

announcePostgres();

/**
 * The typed client over its two transports, against the same handlers and database: the
 * in-process one and HTTP through the real route handler on a real socket.
 */
describe.each(databaseKinds)("typed client on %s", (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  const clients: Record<string, ApiClient> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    process.env.DATABASE_URL = database.url;
    process.env.API_TOKEN = "client-test-token";
    jest.resetModules();
    const { createInProcessTransport } = await import("./server");
    const route = await import("@/app/api/[...call]/route");

    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
      });
      const call = (req.url ?? "").replace(/^\/api\//, "").split("/");
      const response = await route.POST(request, { params: Promise.resolve({ call }) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    clients["in-process"] = createApiClient(createInProcessTransport());
    clients.http = createApiClient(createHttpTransport({ baseUrl: `http://127.0.0.1:${port}/api`, token: () => "client-test-token" }));
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });

  it.each(["in-process", "http"])("%s: answers typed, validated data", async (transport) => {
    const api = clients[transport];
    const { pageData } = await api.call("page/get", { page_id: 1 });
    expect(pageData.page_id).toBe(1);
    const { states, first_state } = await api.call("state/code/list", { type: "Featured", length: "Half" });
    expect(first_state?.abbreviation).toBe("CA");
    expect(states).toHaveLength(10);
  });

  it.each(["in-process", "http"])("%s: throws one error type carrying the status and message", async (transport) => {
    const api = clients[transport];
    const notFound = await api.call("page/get", { page_id: 404 }).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ status: 404, message: "We could not find page 404." });

    const invalid = await api.call("newsletter/save", { email_address: "" }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, message: "Please enter email address.", field: "email_address" });
  });

  it("both transports answer the same data", async () => {
    for (const [name, body] of [
      ["agents/list", { state: "OH", city: "columbus" }],
      ["law/get", { state: "OH" }],
      ["question/list", { type: 3 }],
    ] as const) {
      const [inProcess, overHttp] = await Promise.all([
        clients["in-process"].call(name, body as never),
        clients.http.call(name, body as never),
      ]);
      expect(overHttp).toEqual(inProcess);
    }
  });

  it("rejects a response that does not match the contract", async () => {
    const api = createApiClient(async () => ({ status: 200, body: { success: true, pageData: { page_id: "one" } } }));
    await expect(api.call("page/get", { page_id: 1 })).rejects.toMatchObject({ status: 502 });
  });

  it("reports a network failure as status 0", async () => {
    const api = createApiClient(createHttpTransport({ baseUrl: "http://127.0.0.1:1/api" }));
    const error = await api.call("page/get", { page_id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it("attaches the bearer token when one is stored", async () => {
    let seen: string | null = null;
    const transport = createHttpTransport({
      baseUrl: "http://service.test/api",
      token: () => "secret-token",
      fetch: async (_url, init) => {
        seen = new Headers(init?.headers).get("authorization");
        return Response.json({ success: true, message: "ok" });
      },
    });
    await createApiClient(transport).call("newsletter/save", { email_address: "a@b.co" });
    expect(seen).toBe("Bearer secret-token");
  });
});
