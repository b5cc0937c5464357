import type { OutboxRow } from "../lib/db/schema";
import { deliveryRouting } from "../lib/service/delivery/routing";
import { renderMessage } from "../lib/service/delivery/render";
import type { TestDatabaseKind } from "./database";
import { tokenOf } from "./leads";
import { confirmAsOwner } from "./service";
import { serviceSuite } from "./suite";

/** The site address the proposal suites render links under. */
export const PROPOSAL_SITE_URL = "https://managely.example";
/** The bearer token a server's calls carry in the proposal suites. */
const PROPOSAL_API_TOKEN = "proposals-test-token-that-is-long-enough";

type Lead = Record<string, unknown> & { property_category: number };

/** The owner's request of the proposal suites: a multi-family property in Austin, by phone, with its rent and units. */
export const PROPOSAL_LEAD = {
  property_category: 2,
  property_address: "415 W 6th St",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Ellis",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "",
  exam: [
    { question: "How many units are in the property?", answer: "5 to 10 units" },
    { question: "What is the average monthly rent per unit?", answer: "$1,200 to $1,800" },
  ],
};

/** A manager's proposal in the proposal suites. */
export const PROPOSAL_TERMS = { management_percent: 8, leasing_percent: 50, setup_fee: 0, renewal_fee: 150, maintenance_markup_percent: 10, contract_months: 12, start_date: "2027-01-15", services: ["rent_collection", "tenant_screening"], message: "Happy to help." };

/**
 * The proposal suites' set-up: a database of `kind` and a service that writes every kind of row
 * (managers by webhook and email), a browser's or a server's call from an address of its own, and
 * a request to `managers` managers delivered with each one's proposal link, a manager's save of
 * `terms` (or what a test changes in them), and the rows the proposal tables and the outbox hold.
 */
export function proposalsSuite(
  kind: TestDatabaseKind,
  { lead, terms, managers, savesPerMinute, label }: { lead: Lead; terms: Record<string, unknown>; managers: number; savesPerMinute: number; label: string },
) {
  const suite = serviceSuite(kind, { savesPerMinute, apiToken: PROPOSAL_API_TOKEN, delivery: deliveryRouting({ smtp: true, webhook: true }) });
  let sequence = 0;
  let addresses = 0;
  /** A name of its own, for keys and addresses. */
  const next = () => `${kind}-${label}-${++sequence}`;
  /** A client address of its own per call unless a test names one: the per-address limit is tested on its own. */
  const freshAddress = () => `10.${Math.floor(++addresses / 250)}.${addresses % 250}.1`;
  /** A call over HTTP: from the site's origin, or from a server with the bearer token. */
  const http = async (name: string, body: unknown, { address = freshAddress(), bearer = false, raw }: { address?: string; bearer?: boolean; raw?: string } = {}) => {
    const headers = new Headers({ "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${PROPOSAL_API_TOKEN}` } : { origin: "http://localhost:3000" }) });
    const result = await suite.service.handle({ call: name, body: raw !== undefined ? raw : JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } });
    return { status: result.status, body: result.body as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const rowsOf = (leadId: number, kindOf: string) =>
    suite.database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).where("kind", "=", kindOf as OutboxRow["kind"]).orderBy("id").execute();

  /**
   * A request to the first managers serving Austin for the lead's category, confirmed by its owner,
   * with each manager's proposal link as its messages carry it (the webhook's and the email's
   * copy the same). Without an email (the quote-guarantee lead) there is nothing to confirm: it
   * goes out at once.
   */
  async function deliveredRequest({ email = true }: { email?: boolean } = {}) {
    const id = next();
    const matches = (await suite.call("agents/match", { property_zip: "78701", property_category: lead.property_category })).body.agents as { agent_id: number; company_name: string }[];
    const chosen = matches.slice(0, managers);
    const { preferred_contact_method: _method, ...guarantee } = lead;
    const saved = await suite.call("lead/save", {
      ...(email ? { ...lead, email_address: `owner.${id}@example.org` } : guarantee),
      submission_key: `${id}-abcdef`,
      agent_ids: chosen.map((agent) => agent.agent_id),
    });
    expect(saved.status).toBe(200);
    const row = await suite.database.db.selectFrom("leads").select(["id"]).where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
    if (email) {
      const [confirmation] = await rowsOf(row.id, "lead.confirmation");
      expect((await confirmAsOwner(suite.service, JSON.parse(confirmation.payload).confirm_token)).status).toBe(200);
    }
    const links: { agentId: number; company: string; token: string }[] = [];
    for (const message of await rowsOf(row.id, "lead.new")) {
      const rendered = await renderMessage(suite.database.db, message, { siteUrl: PROPOSAL_SITE_URL });
      const url = String(rendered!.event.data.proposal_url);
      expect(rendered!.email.text).toContain(url);
      const known = links.find((link) => link.agentId === message.agent_id);
      if (known) expect(known.token).toBe(tokenOf(url));
      else links.push({ agentId: message.agent_id!, company: chosen.find((agent) => agent.agent_id === message.agent_id)!.company_name, token: tokenOf(url) });
    }
    return { leadId: row.id, reference: saved.body.reference as string, ownerToken: tokenOf(saved.body.request_path), links, chosen };
  }

  /** A manager's save through their link: the suite's terms, with these changes, under a key of its own. */
  const save = (token: string, extra: Record<string, unknown> = {}, options?: Parameters<typeof http>[2]) => http("proposal/save", { token, save_key: `key-${next()}-abcdef`, ...terms, ...extra }, options);
  const countOf = async (table: "proposals" | "proposal_revisions" | "outbox_messages") =>
    Number((await suite.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  /** How many proposals, revisions and outbox messages there are: what a refused call must leave as it was. */
  const counts = async () => ({ proposals: await countOf("proposals"), revisions: await countOf("proposal_revisions"), outbox: await countOf("outbox_messages") });

  return Object.assign(suite, { next, http, rowsOf, deliveredRequest, save, counts });
}
