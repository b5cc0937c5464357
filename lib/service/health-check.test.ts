import { announcePostgres, AUSTIN_LEAD, callAsSite, createTestService, databaseKinds, requestsSuite, SERVED_ZIP } from "@/test-support";

announcePostgres();

/** health/check: the database, the outbox backlog and Redis, as the embedded service reports them. */
describe.each(databaseKinds)("health/check on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key, outboxOf, leadByKey } = suite;

  it("reports the database, the outbox backlog and the age of its oldest message, and Redis when configured", async () => {
    // A lead without an email goes out at once: two copies waiting. One was queued an hour ago, the other failed for good.
    const [manager] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
    const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
    const submissionKey = key("health");
    expect((await call("lead/save", { ...guarantee, submission_key: submissionKey, agent_ids: [manager.agent_id] })).status).toBe(200);
    const [waiting, given] = await outboxOf((await leadByKey(submissionKey)).id);
    await suite.database.db.updateTable("outbox_messages").set({ created_at: new Date(Date.now() - 3_600_000).toISOString() }).where("id", "=", waiting.id).execute();
    await suite.database.db.updateTable("outbox_messages").set({ status: "failed" }).where("id", "=", given.id).execute();
    const failed = await suite.database.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "failed").executeTakeFirstOrThrow();
    const health = await call("health/check", {});
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ success: true, status: "ok", database: { ok: true, dialect: kind }, redis: null });
    expect(health.body.outbox.backlog).toBeGreaterThan(0);
    // Whole seconds, from the hour (and the seconds this test has taken since).
    expect(Number.isInteger(health.body.outbox.oldest_pending_seconds)).toBe(true);
    expect(health.body.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(3600);
    expect(health.body.outbox.oldest_pending_seconds).toBeLessThan(3600 + 60);
    expect(health.body.outbox.failed).toBe(Number(failed.n));

    // A database that cannot be read: failing, without an outbox.
    const unreadable = createTestService({ db: suite.database.db.withSchema("no_such_schema"), dialect: suite.database.dialect });
    expect((await callAsSite(unreadable, "health/check", {})).body).toMatchObject({ status: "failing", database: { ok: false, dialect: kind }, outbox: null });

    const withRedis = createTestService(suite.database, { pingRedis: async () => {} });
    expect((await callAsSite(withRedis, "health/check", {})).body).toMatchObject({ status: "ok", redis: { ok: true } });
    const redisDown = createTestService(suite.database, {
      pingRedis: async () => {
        throw new Error("ECONNREFUSED");
      },
    });
    expect((await callAsSite(redisDown, "health/check", {})).body).toMatchObject({ status: "failing", redis: { ok: false }, database: { ok: true } });
  });
});
