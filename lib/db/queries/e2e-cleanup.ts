import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../schema";
import { E2E_MARK, type E2eCleanupTable } from "../../contract/e2e-cleanup";
import { mailboxKey } from "../../contract/keys";

/**
 * A test run's records as named queries (lib/service/e2e-cleanup.ts runs them in one write): the
 * rows whose email address is `e2e-…@<domain>`, the withdrawn requests whose submission key
 * carries the mark (a withdrawal erases the address), and the rows that hang on them.
 */
type Db = Kysely<Database>;

/** The LIKE pattern of the run's addresses: the domain is a checked domain name (no `%` or `_`), the mark has neither. */
const addressPattern = (domain: string) => `${E2E_MARK}%@${domain.toLowerCase()}`;

type EmailTable = "leads" | "contact_messages" | "newsletter_subscriptions" | "agent_applications";
/** Whether a row's address (compared in lower case: PostgreSQL's LIKE minds case) is one of the run's. */
function marked<T extends EmailTable>(eb: ExpressionBuilder<Database, T>, column: "email_address" | "email", domain: string) {
  return eb(eb.fn<string>("lower", [eb.ref(column as never)]), "like", addressPattern(domain));
}

function markedLeadIds(db: Db, domain: string) {
  return db
    .selectFrom("leads")
    .select("id")
    .where((eb) =>
      eb.or([
        marked(eb, "email_address", domain),
        eb.and([eb("email_address", "=", ""), eb("withdrawn_at", "is not", null), eb("submission_key", "like", `${E2E_MARK}%`)]),
      ]),
    );
}
const markedContactIds = (db: Db, domain: string) => db.selectFrom("contact_messages").select("id").where((eb) => marked(eb, "email", domain));
const markedSubscriptionIds = (db: Db, domain: string) => db.selectFrom("newsletter_subscriptions").select("id").where((eb) => marked(eb, "email_address", domain));

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** The outbox rows about the run's requests, messages and subscriptions, whatever their state. */
export async function deleteRunOutbox(db: Db, { domain }: { domain: string }): Promise<number> {
  const result = await db
    .deleteFrom("outbox_messages")
    .where((eb) =>
      eb.or([eb("lead_id", "in", markedLeadIds(db, domain)), eb("contact_id", "in", markedContactIds(db, domain)), eb("subscription_id", "in", markedSubscriptionIds(db, domain))]),
    )
    .executeTakeFirst();
  return count(result);
}

/** The run's requests and what hangs on them (recipients, tokens, confirmations and their links, proposals and their revisions); rows per table. */
export async function deleteRunLeads(db: Db, { domain }: { domain: string }): Promise<Partial<Record<E2eCleanupTable, number>>> {
  const leadIds = markedLeadIds(db, domain);
  const addresses = await db.selectFrom("leads").select("email_address").distinct().where((eb) => marked(eb, "email_address", domain)).execute();
  const mailboxes = [...new Set(addresses.map((row) => mailboxKey(row.email_address)))];
  const deleted: Partial<Record<E2eCleanupTable, number>> = {};
  deleted.proposal_revisions = count(
    await db.deleteFrom("proposal_revisions").where("proposal_id", "in", db.selectFrom("proposals").select("id").where("lead_id", "in", leadIds)).executeTakeFirst(),
  );
  for (const table of ["proposals", "proposal_tokens", "lead_recipients", "lead_tokens", "lead_confirmations"] as const) {
    deleted[table] = count(await db.deleteFrom(table).where("lead_id", "in", leadIds).executeTakeFirst());
  }
  deleted.lead_confirmation_links = 0;
  for (let start = 0; start < mailboxes.length; start += 500) {
    deleted.lead_confirmation_links += count(await db.deleteFrom("lead_confirmation_links").where("email_key", "in", mailboxes.slice(start, start + 500)).executeTakeFirst());
  }
  deleted.leads = count(await db.deleteFrom("leads").where("id", "in", leadIds).executeTakeFirst());
  return deleted;
}

/** The run's Contact Us messages and the workspace's replies to them; rows per table. */
export async function deleteRunContacts(db: Db, { domain }: { domain: string }): Promise<Partial<Record<E2eCleanupTable, number>>> {
  const contact_replies = count(await db.deleteFrom("contact_replies").where("contact_id", "in", markedContactIds(db, domain)).executeTakeFirst());
  const contact_messages = count(await db.deleteFrom("contact_messages").where((eb) => marked(eb, "email", domain)).executeTakeFirst());
  return { contact_replies, contact_messages };
}

/** The run's newsletter subscriptions and Join our Network applications; rows per table. */
export async function deleteRunSignUps(db: Db, { domain }: { domain: string }): Promise<Partial<Record<E2eCleanupTable, number>>> {
  const newsletter_subscriptions = count(await db.deleteFrom("newsletter_subscriptions").where((eb) => marked(eb, "email_address", domain)).executeTakeFirst());
  const agent_applications = count(await db.deleteFrom("agent_applications").where((eb) => marked(eb, "email", domain)).executeTakeFirst());
  return { newsletter_subscriptions, agent_applications };
}
