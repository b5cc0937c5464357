import { deliveryRouting } from "../lib/service/delivery/routing";
import type { TestDatabase, TestDatabaseKind } from "./database";
import { confirmAsOwner } from "./service";
import { serviceSuite } from "./suite";

/** Austin, TX: every category has three or more managers in the seed. */
export const SERVED_ZIP = "78701";
/** Barrow (Utqiaġvik), AK: a ZIP the site knows that no manager serves. */
export const UNSERVED_ZIP = "99723";

/** A manager whose office is in Alaska: one who serves none of the lower 48's ZIP codes. */
export function alaskanManager(database: TestDatabase) {
  return database.db
    .selectFrom("agents")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(["agents.id", "agents.company_name"])
    .where("states.abbreviation", "=", "AK")
    .executeTakeFirstOrThrow();
}

/**
 * The request calls' suites (a lead's save, its private page, its withdrawal, later choices, the
 * limits, contact and newsletter): a database of `kind` and a service that writes every kind of
 * row (managers by webhook and email, people by email), with what their tests read back.
 */
export function requestsSuite(kind: TestDatabaseKind) {
  const suite = serviceSuite(kind, { savesPerMinute: 1000, delivery: deliveryRouting({ smtp: true, webhook: true }) });
  let sequence = 0;
  return Object.assign(suite, {
    /** A submission key of its own. */
    key: (label: string) => `${label}-${kind}-${++sequence}-abcdef`,
    /** An address of its own per lead: an address gets one confirmation email a day. */
    ownerEmail: (label: string) => `owner.${label}.${kind}.${++sequence}@example.org`,
    outboxOf: (leadId: number) => suite.database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).orderBy("id").execute(),
    leadByKey: (submissionKey: string) => suite.database.db.selectFrom("leads").selectAll().where("submission_key", "=", submissionKey).executeTakeFirstOrThrow(),
    /** The owner opens the confirmation email's link and presses its button. */
    async confirmByMail(leadId: number) {
      const mail = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
      return confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token);
    },
  });
}
