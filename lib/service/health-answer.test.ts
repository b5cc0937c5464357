import { answerHealth } from "./health";

/**
 * answerHealth on its own (health.test.ts checks it through GET /healthz on a working database):
 * what a failing check answers, and who sees the details.
 */
const serviceAnswering = (status: number, body: unknown) => {
  const calls: unknown[] = [];
  const service = { handle: async (request: unknown) => (calls.push(request), { status, body }) } as unknown as Parameters<typeof answerHealth>[0];
  return { service, calls };
};
const TOKEN = "health-answer-token";
const details = { success: true, status: "ok", database: { ok: true }, outbox: { backlog: 2 } };

it("asks the service's own health/check as the site itself", async () => {
  const { service, calls } = serviceAnswering(200, details);
  await answerHealth(service, { authorization: null, apiToken: TOKEN });
  expect(calls).toEqual([expect.objectContaining({ call: "health/check", body: {}, caller: expect.objectContaining({ kind: "internal" }) })]);
});

it("answers 200 ok only when the check answered 200 with status ok", async () => {
  expect(await answerHealth(serviceAnswering(200, details).service, { authorization: undefined, apiToken: TOKEN })).toEqual({ status: 200, body: { status: "ok" }, detailed: false });
  for (const [status, body] of [
    [503, { ...details, status: "failing", database: { ok: false } }],
    [503, details],
    [200, { ...details, status: "failing" }],
    [500, undefined],
  ] as const) {
    expect(await answerHealth(serviceAnswering(status, body).service, { authorization: undefined, apiToken: TOKEN })).toEqual({ status: 503, body: { status: "failing" }, detailed: false });
  }
});

it("gives the details, without the envelope's success flag, only to a caller with the API token", async () => {
  const failing = { success: false, status: "failing", database: { ok: false }, outbox: { backlog: 9 } };
  expect(await answerHealth(serviceAnswering(503, failing).service, { authorization: `Bearer ${TOKEN}`, apiToken: TOKEN })).toEqual({
    status: 503,
    body: { status: "failing", database: { ok: false }, outbox: { backlog: 9 } },
    detailed: true,
  });
  expect(await answerHealth(serviceAnswering(200, details).service, { authorization: `Bearer ${TOKEN}`, apiToken: TOKEN })).toEqual({
    status: 200,
    body: { status: "ok", database: { ok: true }, outbox: { backlog: 2 } },
    detailed: true,
  });
  // No API_TOKEN configured: nobody gets the details, whatever they send.
  expect((await answerHealth(serviceAnswering(200, details).service, { authorization: "Bearer ", apiToken: undefined })).detailed).toBe(false);
  expect((await answerHealth(serviceAnswering(200, details).service, { authorization: `Bearer ${TOKEN}`, apiToken: "" })).detailed).toBe(false);
  expect((await answerHealth(serviceAnswering(200, details).service, { authorization: TOKEN, apiToken: TOKEN })).detailed).toBe(false);
});
