import { NOT_FOUND, SAVED } from "../contract/messages";
import { announcePostgres, databaseKinds, requestsSuite } from "@/test-support";
import { onOutboxSignal } from "./delivery/signal";
import { mailboxKey } from "../contract/keys";

announcePostgres();

describe.each(databaseKinds)("contact messages and the newsletter on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call } = suite;

  it("contact/save queues a message for the manager it is addressed to, and none for the site's own inbox or a sample listing", async () => {
    const [sample, agent] = await suite.database.db.selectFrom("agents").select(["id", "company_name"]).orderBy("id").limit(2).execute();
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    // A sample listing is a fictional company: the message stays with the site's team, and says so.
    const toSample = await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Hello", agent_id: sample.id });
    expect(toSample.body.message).toBe(SAVED.contactForSampleAgent(sample.company_name));
    const sampleMessage = await suite.database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", sample.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(await suite.database.db.selectFrom("outbox_messages").select("id").where("contact_id", "=", sampleMessage.id).execute()).toEqual([]);

    // A real manager (the seed's are all samples): its message goes out through the outbox.
    await suite.database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", agent.id).execute();
    const toManager = await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Do you cover Round Rock?", agent_id: agent.id });
    expect(toManager).toEqual({ status: 200, body: { success: true, message: SAVED.contactForAgent(agent.company_name) } });
    expect(signals).toHaveBeenCalledTimes(1);
    const stored = await suite.database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", agent.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    const rows = await suite.database.db.selectFrom("outbox_messages").selectAll().where("contact_id", "=", stored.id).execute();
    expect(rows.map((row) => `${row.kind}/${row.channel}/${row.agent_id}`).sort()).toEqual([`contact.message/email/${agent.id}`, `contact.message/webhook/${agent.id}`]);

    await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "A question for you", agent_id: 0 });
    const siteMessage = await suite.database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(await suite.database.db.selectFrom("outbox_messages").select("id").where("contact_id", "=", siteMessage.id).execute()).toEqual([]);

    // Beside a real listing a sample is listed nowhere: a message to it is refused, and nothing stored.
    expect(await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Hello again", agent_id: sample.id })).toEqual({
      status: 404,
      body: { success: false, message: NOT_FOUND.manager },
    });
    expect(await suite.database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", sample.id).execute()).toHaveLength(1);
    // Nothing queued for the site's inbox or the sample listing: the outbox is not woken for them.
    stopListening();
    expect(signals).toHaveBeenCalledTimes(1);

    // A manager that does not exist: a 404, and nothing stored.
    const nobody = { name: "Sam Lee", email: "sam@example.org", message: "Anyone there?", agent_id: 987654 };
    expect(await call("contact/save", nobody)).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.manager } });
    expect(await suite.database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", nobody.agent_id).execute()).toEqual([]);
  });

  it("contact/save and newsletter/save answer a filled honeypot as usual and store nothing", async () => {
    const website = "http://spam.example";
    const bot = await call("contact/save", { name: "Bot", email: `bot.${kind}@spam.example`, message: "Buy now", agent_id: 987654, website });
    expect(bot).toEqual({ status: 200, body: { success: true, message: SAVED.contact } });
    expect(await suite.database.db.selectFrom("contact_messages").select("id").where("email", "=", `bot.${kind}@spam.example`).execute()).toEqual([]);
    const botReader = await call("newsletter/save", { email_address: `bot.reader.${kind}@spam.example`, website });
    expect(botReader).toEqual({ status: 200, body: { success: true, message: SAVED.subscribed } });
    expect(await suite.database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", `bot.reader.${kind}@spam.example`).execute()).toEqual([]);
  });

  it("newsletter/save sends a confirmation link; the subscription counts once confirmed through it", async () => {
    const email = `reader.${kind}@example.org`;
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    expect((await call("newsletter/save", { email_address: email })).body.message).toBe(SAVED.subscribed);
    expect(signals).toHaveBeenCalledTimes(1);
    expect((await call("newsletter/save", { email_address: email.toUpperCase() })).body.message).toBe(SAVED.subscribed);
    // No second link: nothing to wake the outbox for.
    stopListening();
    expect(signals).toHaveBeenCalledTimes(1);
    const subscription = await suite.database.db.selectFrom("newsletter_subscriptions").selectAll().where("email_lower", "=", email).executeTakeFirstOrThrow();
    expect(subscription.confirmed_at).toBeNull();
    const links = await suite.database.db.selectFrom("outbox_messages").selectAll().where("subscription_id", "=", subscription.id).execute();
    // A second sign-up within ten minutes sends no second link.
    expect(links.map((row) => `${row.kind}/${row.channel}`)).toEqual(["newsletter.confirmation/email"]);
    const { token } = JSON.parse(links[0].payload);

    expect(await call("newsletter/confirm", { token: "AAAAAAAAAAAAAAAAAAAAAA" })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.newsletterLink } });
    expect((await call("newsletter/confirm", { token })).body).toEqual({ success: true, message: SAVED.subscriptionConfirmed });
    expect((await call("newsletter/confirm", { token })).body).toEqual({ success: true, message: SAVED.alreadySubscribed });
    const confirmed = await suite.database.db.selectFrom("newsletter_subscriptions").select("confirmed_at").where("id", "=", subscription.id).executeTakeFirstOrThrow();
    expect(confirmed.confirmed_at).not.toBeNull();
    expect((await call("newsletter/save", { email_address: email })).body.message).toBe(SAVED.subscribed);
  });

  it("newsletter/save answers a new, a waiting and a confirmed address the same, and mails a confirmed one nothing (row L9)", async () => {
    const linksTo = async (address: string) => {
      const subscription = await suite.database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", address).executeTakeFirstOrThrow();
      return suite.database.db.selectFrom("outbox_messages").select("id").where("subscription_id", "=", subscription.id).execute();
    };
    const fresh = await call("newsletter/save", { email_address: `new.${kind}@example.org` });
    const waiting = `waiting.${kind}@example.org`;
    await call("newsletter/save", { email_address: waiting });
    const again = await call("newsletter/save", { email_address: waiting });
    const confirmed = `confirmed.${kind}@example.org`;
    await call("newsletter/save", { email_address: confirmed });
    const [link] = await linksTo(confirmed);
    const { payload } = await suite.database.db.selectFrom("outbox_messages").select("payload").where("id", "=", link.id).executeTakeFirstOrThrow();
    expect((await call("newsletter/confirm", { token: JSON.parse(payload).token })).status).toBe(200);
    const known = await call("newsletter/save", { email_address: confirmed.toUpperCase() });

    expect(again).toEqual(fresh);
    expect(known).toEqual(fresh);
    expect(fresh).toEqual({ status: 200, body: { success: true, message: SAVED.subscribed } });
    expect(await linksTo(confirmed)).toHaveLength(1); // the first link only: nothing new for a confirmed address
    // Not only because of the weekly cap: a week on, a confirmed address is still mailed nothing.
    const weekly = await suite.database.db.updateTable("rate_limiter").set({ expire: Date.now() - 1_000 }).where("key", "=", `mail-newsletter|${mailboxKey(confirmed)}`).executeTakeFirst();
    expect(Number(weekly.numUpdatedRows)).toBe(1);
    expect(await call("newsletter/save", { email_address: confirmed })).toEqual(fresh);
    expect(await linksTo(confirmed)).toHaveLength(1);
  });
});
