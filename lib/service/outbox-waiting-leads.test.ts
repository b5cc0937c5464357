import { insertOutboxMessages } from "../db/queries/outbox";
import { announcePostgres, AUSTIN_LEAD, confirmAsOwner, databaseKinds, outboxWorkerSuite, recordingChannel } from "@/test-support";
import { FILES_ONLY, outboxRows } from "./delivery/routing";

announcePostgres();

/** The worker tells the owner of a lead nobody served when a manager starts serving its ZIP, once. */
describe.each(databaseKinds)("the worker and waiting leads on %s", (kind) => {
  const suite = outboxWorkerSuite(kind);
  const { call, worker, clock } = suite;

  it("tells the owner of a waiting lead when a manager starts serving its ZIP", async () => {
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: `waiting.${kind}@example.org`, property_zip: "99723", property_city: "Utqiagvik", submission_key: `waiting-${kind}-xyz` });
    const leadId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
    const outbox = worker({ email: recordingChannel().channel, webhook: recordingChannel().channel });
    expect(await outbox.checkWaitingLeads()).toBe(0);

    // A manager widens its area to Utqiaġvik (71.29 N, 156.79 W), for every category.
    const [manager] = await suite.database.db.selectFrom("agent_areas").select("id").limit(1).execute();
    await suite.database.db
      .updateTable("agent_areas")
      .set({ lat: 71.29, lng: -156.79, radius_miles: 10, min_lat: 71.1, max_lat: 71.5, min_lng: -157.3, max_lng: -156.3, category_mask: 0xffff })
      .where("id", "=", manager.id)
      .execute();
    // Nothing more to an address that has not confirmed; once confirmed, the owner is told.
    expect(await outbox.checkWaitingLeads()).toBe(0);
    const mail = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    expect((await confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    expect(await outbox.checkWaitingLeads()).toBe(1);
    expect(await outbox.checkWaitingLeads()).toBe(0);

    const rows = await suite.database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute();
    expect(rows).toHaveLength(1);
    const { token } = JSON.parse(rows[0].payload);
    const view = await call("lead/request", { token });
    expect(view.body.request).toMatchObject({ awaiting_match: true });
    expect(view.body.request.matches.map((agent: { agent_id: number }) => agent.agent_id)).toEqual([manager.id]);
    const waiting = await suite.database.db.selectFrom("leads").select("awaiting_match_since").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(waiting.awaiting_match_since).toBeNull();
  });

  it("tells each waiting owner once, even when two workers look at the same moment, reading the ZIP's first five digits", async () => {
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: `race.${kind}@example.org`, property_zip: "78701", property_city: "Austin", submission_key: `race-${kind}-xyz` });
    expect(saved.status).toBe(200);
    const leadId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
    const mail = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    expect((await confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    // Waiting, as if nobody had served it when it was sent; the ZIP as ZIP+4.
    await suite.database.db.updateTable("leads").set({ awaiting_match_since: new Date(clock.now).toISOString(), property_zip: "78701-1234" }).where("id", "=", leadId).execute();
    const [one, two] = [worker({}), worker({})];
    const told = await Promise.all([one.checkWaitingLeads(), two.checkWaitingLeads()]);
    expect(told[0] + told[1]).toBe(1);
    const rows = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute();
    expect(rows).toHaveLength(1);
    expect(Number(JSON.parse(rows[0].payload).managers)).toBeGreaterThan(0);
  });

  it("tells no owner whose ZIP nobody serves yet, even once confirmed", async () => {
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: `nobody.${kind}@example.org`, property_zip: "99723", property_city: "Utqiagvik", submission_key: `nobody-${kind}-xyz` });
    const leadId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
    const mail = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    expect((await confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    expect(await worker({}).checkWaitingLeads()).toBe(0);
    expect(await suite.database.db.selectFrom("outbox_messages").select("id").where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute()).toEqual([]);
  });

  it("does its periodic work once started: the retention sweep at once, and the waiting leads every matchCheckMs, logging what each did", async () => {
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: `periodic.${kind}@example.org`, submission_key: `periodic-${kind}-xyz` });
    const leadId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
    const mail = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    expect((await confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    await suite.database.db.updateTable("leads").set({ awaiting_match_since: new Date(clock.now).toISOString() }).where("id", "=", leadId).execute();
    // An old payload for the sweep, and an unconfirmed lead past its link's life.
    const old = new Date(clock.now - 31 * 86_400_000).toISOString();
    await insertOutboxMessages(suite.database.db, [{ ...outboxRows("newsletter.confirmation", { subscription_id: 1, payload: { token: "old" } }, FILES_ONLY, old)[0], status: "sent" }]);
    const stale = await call("lead/save", { ...AUSTIN_LEAD, email_address: `stale.${kind}@example.org`, submission_key: `stale-${kind}-xyz` });
    const staleId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", stale.body.reference).executeTakeFirstOrThrow()).id);
    await suite.database.db.updateTable("lead_confirmations").set({ created_at: new Date(clock.now - 8 * 86_400_000).toISOString() }).where("lead_id", "=", staleId).execute();

    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    const outbox = worker({ webhook: recordingChannel().channel, email: recordingChannel().channel }, { pollMs: 3_600_000, matchCheckMs: 20 });
    const said = () => log.mock.calls.map((args) => args.join(" "));
    let lines: string[] = [];
    try {
      outbox.start();
      for (let tries = 0; tries < 400 && said().filter((line) => / owners told | unconfirmed requests erased |retention: erased /.test(line)).length < 3; tries++) await new Promise<void>((resolve) => setTimeout(resolve, 25));
    } finally {
      await outbox.stop();
      lines = said();
      log.mockRestore();
    }
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[outbox\] retention: erased [1-9]\d* payloads and 0 files older than 30 days$/),
        "[outbox] 1 owners told that a manager now serves their ZIP",
        expect.stringMatching(/^\[outbox\] [1-9]\d* unconfirmed requests erased after 7 days$/),
      ]),
    );
    expect(lines.filter((line) => line.includes("owners told"))).toHaveLength(1);
  });
});
