import fc from "fast-check";
import type { Service } from ".";
import { CONFIRM, VERIFICATION } from "../contract/messages";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { deliveryRouting } from "./delivery/routing";
import { renderMessage } from "./delivery/render";
import { readCallRequest } from "./http-entry";
import { PHONE_ONLY_PER_MANAGER_FACTOR, PHONE_ONLY_PER_NUMBER_PER_DAY, RATE_LIMIT_WINDOW_MS } from "./rate-limit";

announcePostgres();

/**
 * What strangers can do to an owner and to a manager through the public calls, as rules over
 * generated traffic: who may fill which bound, what an answer may tell, who is told what. Each
 * saves from networks of its own (TEST-NET and benchmark ranges, never reached), so one property's
 * runs never share a counter.
 */
const PER_MINUTE = 2;
const SITE = "https://www.managely.test";

/** A request body as the HTTP entry reads it. */
async function* bodyOf(value: unknown) {
  yield Buffer.from(JSON.stringify(value));
}

/** Generated runs on a database: few, each a whole story. */
const RUNS = { numRuns: 6 };

/** How one Gmail mailbox's address can be typed: in capitals, with a +tag, with dots anywhere. */
type Spelling = { upper: boolean; tag: string | undefined; dotted: boolean };
const spelling: fc.Arbitrary<Spelling> = fc.record({ upper: fc.boolean(), tag: fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: undefined }), dotted: fc.boolean() });
const spelled = (local: string, { upper, tag, dotted }: Spelling) => {
  const typed = `${dotted ? local.split("").join(".") : local}${tag ? `+${tag}` : ""}@gmail.com`;
  return upper ? typed.toUpperCase() : typed;
};

const property = {
  property_category: 1,
  property_address: "100 Congress Avenue",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  price: "",
  exam: [],
};

describe.each(databaseKinds)("what strangers can do on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  let managers: { agent_id: number; company_name: string }[] = [];
  let run = 0;
  let sequence = 0;
  /** A network of its own for each call that needs one: 198.18.0.0/15, a benchmark range nothing answers on. */
  let hosts = 0;
  const freshNetwork = () => {
    hosts++;
    return `198.${18 + (Math.floor(hosts / 65_536) % 2)}.${Math.floor(hosts / 256) % 256}.${hosts % 256}`;
  };

  const browser = async (name: string, body: unknown, address: string, through: Service = service) => {
    const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    const result = await through.handle({ call: name, body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } });
    return { status: result.status, body: result.body as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const leadBody = (fields: Record<string, unknown>) => ({ ...property, full_name: "Sam Owner", preferred_contact_method: "Email", property_number: "", submission_key: `strangers-${kind}-${++sequence}-key`, ...fields });
  const phoneOnly = (phone: string, agentIds: number[]) => ({ ...property, full_name: "", property_number: phone, price: 135, submission_key: `strangers-${kind}-${++sequence}-key`, agent_ids: agentIds });
  const leadOf = (reference: string) => database.db.selectFrom("leads").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const messagesOf = async (reference: string, messageKind: string) =>
    database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", (await leadOf(reference)).id).where("kind", "=", messageKind as never).execute();
  const confirmTokenOf = async (references: string[]) => {
    for (const reference of references) {
      const [mail] = await messagesOf(reference, "lead.confirmation");
      if (mail) return JSON.parse(mail.payload).confirm_token as string;
    }
    throw new Error("no confirmation link was mailed");
  };
  const sentTo = async (agentId: number, since: string) =>
    (await database.db.selectFrom("outbox_messages").select("lead_id").distinct().where("kind", "=", "lead.new").where("agent_id", "=", agentId).where("created_at", ">=", since).execute()).length;
  const withoutReference = (answer: { body: Record<string, unknown> }) => {
    const { reference, request_path: _path, ...rest } = answer.body as { reference: string; request_path: string; message: string };
    return { ...rest, message: rest.message.replace(reference, "REF") };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: PER_MINUTE, delivery: deliveryRouting({ smtp: true, webhook: false }) });
    managers = (await callAsSite(service, "agents/match", { property_zip: "78701", property_category: 1 })).body.agents;
    // Real companies: a sample listing's messages stay on the site.
    await database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "in", managers.map((manager) => manager.agent_id)).execute();
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("F2: a stranger who saves first with the owner's address gets nothing sent: the page ticks nothing, shows when and from where each was saved, and only what the owner ticks goes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spelling, { minLength: 1, maxLength: 3 }), async (strangerSpellings) => {
        const owner = `owner${kind}${++run}`;
        const manager = managers[run % 5].agent_id;
        const strangerNetwork = freshNetwork();
        const strangers = [];
        for (const typed of strangerSpellings) {
          strangers.push(await browser("lead/save", leadBody({ email_address: spelled(owner, typed), full_name: "Not The Owner", agent_ids: [manager] }), freshNetwork()));
        }
        const ownSave = await browser("lead/save", leadBody({ email_address: `${owner}@gmail.com`, full_name: "Olivia Owner", agent_ids: [manager] }), freshNetwork());
        for (const answer of [...strangers, ownSave]) expect(answer.status).toBe(200);

        const references = [...strangers.map((answer) => answer.body.reference), ownSave.body.reference];
        const token = await confirmTokenOf(references);
        const page = await callAsSite(service, "lead/confirmation", { token });
        expect(page.body.requests.map((request: { reference: string }) => request.reference)).toEqual(references);
        for (const request of page.body.requests) {
          // Nothing ticked for the owner; when and from where, never an address.
          expect(request.ticked).toBeUndefined();
          expect(Date.parse(request.saved_at)).not.toBeNaN();
          expect(request.saved_from).toBe("");
        }

        // The stranger's own page cannot decide it either way.
        const strangerToken = strangers[0].body.request_path.split("/").pop();
        expect((await browser("lead/withdraw", { token: strangerToken }, strangerNetwork)).status).toBe(409);
        expect((await browser("request/decide", { token: strangerToken, agent_id: manager, decision: "decline" }, strangerNetwork)).status).toBe(409);

        // The owner ticks their own and erases the others: only the owner's request is sent, and nobody hears of the rest.
        const confirmed = await browser("lead/confirm", { token, references: [ownSave.body.reference] }, freshNetwork());
        expect(confirmed.body.requests.map((request: { reference: string }) => request.reference)).toEqual([ownSave.body.reference]);
        const erased = await browser("lead/confirm", { token, erase: strangers.map((answer) => answer.body.reference) }, freshNetwork());
        expect(erased.status).toBe(200);
        expect(await messagesOf(ownSave.body.reference, "lead.new")).toHaveLength(1);
        for (const stranger of strangers) {
          expect(await messagesOf(stranger.body.reference, "lead.new")).toEqual([]);
          expect(await messagesOf(stranger.body.reference, "lead.withdrawn")).toEqual([]);
          expect(await leadOf(stranger.body.reference)).toMatchObject({ full_name: "", email_address: "" });
        }
      }),
      RUNS,
    );
  });

  it("F3: contact messages and phone-only requests, however many and from however many networks, never fill a manager's cap: the owner's confirmation goes through", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom("contact", "phone"), { minLength: 8, maxLength: 16 }), async (traffic) => {
        const manager = managers[(++run % 2) + 1];
        for (const [index, kindOfTraffic] of traffic.entries()) {
          const answer =
            kindOfTraffic === "contact"
              ? await browser("contact/save", { name: "Throwaway", email: `throwaway.${run}.${index}@mailinator.example`, message: "Call me", agent_id: manager.agent_id }, freshNetwork())
              : await browser("lead/save", phoneOnly(`512555${String(1000 + ((run * 31 + index) % 9000)).padStart(4, "0")}`, [manager.agent_id]), freshNetwork());
          expect(answer.status).toBe(200);
        }
        const since = new Date().toISOString();
        const saved = await browser("lead/save", leadBody({ email_address: `genuine.${kind}.${run}@example.org`, agent_ids: [manager.agent_id] }), freshNetwork());
        const token = await confirmTokenOf([saved.body.reference]);
        const confirmed = await browser("lead/confirm", { token, references: [saved.body.reference] }, freshNetwork());
        expect(confirmed.status).toBe(200);
        expect(await sentTo(manager.agent_id, since)).toBe(1);
      }),
      { numRuns: 3 },
    );
  });

  it("F4: no mix of strangers' saves with the owner's address or phone refuses the owner's save or confirmation, and every answer is the same whatever came before", async () => {
    const stranger = fc.oneof(
      fc.record({ call: fc.constant("lead" as const), typed: spelling }),
      fc.record({ call: fc.constant("phone" as const), typed: spelling }),
      fc.record({ call: fc.constant("contact" as const), typed: spelling }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(stranger, { minLength: 1, maxLength: 14 }), async (traffic) => {
        const owner = `victim${kind}${++run}`;
        const manager = managers[run % 5].agent_id;
        const ownerPhone = `51255${String(10_000 + run).slice(-5)}`;
        const leadAnswers = [];
        for (const entry of traffic) {
          if (entry.call === "lead") {
            const answer = await browser("lead/save", leadBody({ email_address: spelled(owner, entry.typed), property_number: ownerPhone, agent_ids: [manager] }), freshNetwork());
            expect(answer.status).toBe(200);
            leadAnswers.push(answer);
          } else if (entry.call === "phone") {
            expect((await browser("lead/save", phoneOnly(ownerPhone, [manager]), freshNetwork())).status).toBe(200);
          } else {
            expect((await browser("contact/save", { name: "Someone", email: spelled(owner, entry.typed), message: "Hello", agent_id: manager }, freshNetwork())).status).toBe(200);
          }
        }
        // The owner, from their own network, with their own address and phone.
        const own = await browser("lead/save", leadBody({ email_address: `${owner}@gmail.com`, property_number: ownerPhone, agent_ids: [manager] }), freshNetwork());
        expect(own.status).toBe(200);
        // No answer tells how many requests the address made before: each reads as the owner's.
        for (const answer of leadAnswers) expect(withoutReference(answer)).toEqual(withoutReference(own));
        const token = await confirmTokenOf([...leadAnswers.map((answer) => answer.body.reference), own.body.reference]);
        const confirmed = await browser("lead/confirm", { token, references: [own.body.reference] }, freshNetwork());
        expect(confirmed.status).toBe(200);
        expect(confirmed.body.requests.map((request: { reference: string }) => request.reference)).toEqual([own.body.reference]);
      }),
      RUNS,
    );
  });

  it("F5: phone-only requests: a few a day per number, a bound a day per network, labelled unverified, and a manager receives a bounded number a day", async () => {
    const start = Date.now();
    const clock = (at: number) => jest.useFakeTimers({ now: at, doNotFake: ["nextTick", "setImmediate", "clearImmediate", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask", "hrtime", "performance"] });
    try {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: PHONE_ONLY_PER_NUMBER_PER_DAY + 1, max: 8 }), async (saves) => {
          const phone = `7135${String(100_000 + ++run).slice(-6)}`;
          const since = new Date(start).toISOString();
          // One number from many networks: each save answered alike; at most a few go out.
          const answers = [];
          for (let index = 0; index < saves; index++) answers.push(await browser("lead/save", phoneOnly(phone, [managers[4].agent_id]), freshNetwork()));
          expect(answers.map((answer) => answer.status)).toEqual(Array(saves).fill(200));
          expect(new Set(answers.map((answer) => withoutReference(answer).message)).size).toBe(1);
          const sent = (await Promise.all(answers.map(async (answer) => (await messagesOf(answer.body.reference, "lead.new")).length > 0))).filter(Boolean).length;
          expect(sent).toBeLessThanOrEqual(PHONE_ONLY_PER_NUMBER_PER_DAY);
          // The manager's own daily bound, whatever the numbers.
          expect(await sentTo(managers[4].agent_id, since)).toBeLessThanOrEqual(PER_MINUTE * PHONE_ONLY_PER_MANAGER_FACTOR);
          // Held requests say so on their pages.
          for (const answer of answers) {
            const view = (await callAsSite(service, "lead/request", { token: answer.body.request_path.split("/").pop() })).body.request;
            const delivered = (await messagesOf(answer.body.reference, "lead.new")).length > 0;
            expect(view.recipients[0].delivery).toBe(delivered ? "queued" : "held");
          }
        }),
        { numRuns: 3 },
      );

      // One network: its phone-only requests are bounded a day, not only a minute.
      const network = freshNetwork();
      clock(start);
      for (let index = 0; index < PER_MINUTE; index++) expect((await browser("lead/save", phoneOnly(`2145550${100 + index}`, [managers[2].agent_id]), network)).status).toBe(200);
      clock(start + 3 * RATE_LIMIT_WINDOW_MS);
      expect((await browser("lead/save", phoneOnly("2145550199", [managers[2].agent_id]), network)).status).toBe(429);
      // Another network the same day is not refused for it.
      expect((await browser("lead/save", phoneOnly("2145550198", [managers[2].agent_id]), freshNetwork())).status).toBe(200);
    } finally {
      jest.useRealTimers();
    }

    // What goes out is labelled unverified (saved by the site's own code: every manager here has had its phone-only requests for today).
    const saved = await callAsSite(service, "lead/save", phoneOnly("4695550111", [managers[1].agent_id]));
    const [row] = await messagesOf(saved.body.reference, "lead.new");
    const rendered = await renderMessage(database.db, row, { siteUrl: SITE });
    expect(rendered!.email.text).toContain(VERIFICATION.phoneNotVerified);
  });

  it("F8: an unconfirmed request's own link can neither withdraw nor decline it, and no manager is told of a request that never reached them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray([0, 1, 2, 3, 4], { minLength: 1, maxLength: 3 }), fc.constantFrom("withdraw", "decline"), async (chosen, action) => {
        const agentIds = chosen.map((index) => managers[index].agent_id);
        const network = freshNetwork();
        const saved = await browser("lead/save", leadBody({ email_address: `unconfirmed.${kind}.${++run}@example.org`, agent_ids: agentIds }), network);
        const token = saved.body.request_path.split("/").pop();
        const answer =
          action === "withdraw"
            ? await browser("lead/withdraw", { token }, network)
            : await browser("request/decide", { token, agent_id: agentIds[0], decision: "decline" }, network);
        expect(answer).toEqual({ status: 409, body: { success: false, message: CONFIRM.unconfirmedNotWithdrawn } });
        for (const notice of ["lead.withdrawn", "request.declined"]) expect(await messagesOf(saved.body.reference, notice)).toEqual([]);
        expect(await leadOf(saved.body.reference)).toMatchObject({ withdrawn_at: null, email_address: `unconfirmed.${kind}.${run}@example.org` });
      }),
      RUNS,
    );
  });

  it("F11: a client keeps one budget across the addresses of its IPv6 /56 and across the ports a trusted proxy writes", async () => {
    const hex = (value: number) => value.toString(16);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 0xff }), fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 1, max: 0xffff })), { minLength: PER_MINUTE + 1, maxLength: PER_MINUTE + 4 }),
        fc.array(fc.integer({ min: 1, max: 65_535 }), { minLength: PER_MINUTE + 1, maxLength: PER_MINUTE + 4 }),
        async (hosts, ports) => {
          ++run;
          // Addresses anywhere in one /56: the 8 bits after it (which /64) and every host bit chosen freely.
          const high = kind === "sqlite" ? 0x11 : 0x22;
          const inPrefix = hosts.map(([subnet, middle, host]) => `2001:db8:${hex(run)}:${hex((high << 8) | subnet)}:${hex(middle)}::${hex(host)}`);
          const statuses = [];
          for (const address of inPrefix) statuses.push((await browser("newsletter/save", { email_address: `reader.${run}.${statuses.length}@example.org` }, address)).status);
          expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), ...Array(inPrefix.length - PER_MINUTE).fill(429)]);

          // Behind a trusted proxy that writes ports: one client, whatever the port.
          const client = `203.0.113.${run % 256}`;
          const viaProxy = [];
          for (const [index, port] of ports.entries()) {
            const raw = {
              method: "POST",
              path: "/api/newsletter/save",
              headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": index % 2 ? `${client}:${port}` : `[::ffff:${client}]:${port}` },
              socketAddress: "127.0.0.1",
              body: bodyOf({ email_address: `proxied.${kind}.${run}.${index}@example.org` }),
            };
            viaProxy.push((await service.handle(await readCallRequest(raw, { trustProxy: true }))).status);
          }
          expect(viaProxy).toEqual([...Array(PER_MINUTE).fill(200), ...Array(ports.length - PER_MINUTE).fill(429)]);
        },
      ),
      { numRuns: 4 },
    );
  });
});
