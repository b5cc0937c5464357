import { sql, type Kysely, type Selectable } from "kysely";
import type { ContactMessagesTable, Database, NewAgent } from "../schema";
import type { ApplicationStatus, MessageKind, MessageStatus } from "../../contract/operator";

/**
 * The operator's tasks as named queries (lib/service/workspace/network.ts calls them in order
 * inside one write): applications and the listings they become, messages and their replies,
 * subscribers and the mailboxes that unsubscribed. No "server-only": the outbox worker reads
 * the rows its messages are about outside Next.js.
 */
type Db = Kysely<Database>;

/** Lower-case text of a column, the same on SQLite and PostgreSQL. */
const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;
/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const like = (column: string, text: string) => sql<boolean>`${lower(column)} like ${containing(text)} escape '\\'`;

// ---------------------------------------------------------------------------------------------
// Applications

export type ApplicationRecord = {
  id: number;
  company_name: string;
  email: string;
  mobile: string;
  country_code: number;
  created_at: string;
  status: ApplicationStatus;
  decided_at: string | null;
  decided_by: string | null;
  decline_reason: string | null;
  agent_id: number | null;
  contact_name: string | null;
};

const APPLICATION_COLUMNS = [
  "id",
  "company_name",
  "email",
  "mobile",
  "country_code",
  "created_at",
  "status",
  "decided_at",
  "decided_by",
  "decline_reason",
  "agent_id",
  "contact_name",
] as const;

export type ApplicationFilter = { status?: ApplicationStatus; search?: string };

function filteredApplications(db: Db, { status, search }: ApplicationFilter) {
  let query = db.selectFrom("agent_applications");
  if (status) query = query.where("status", "=", status);
  if (search) query = query.where((eb) => eb.or([like("company_name", search), like("email", search), eb("mobile", "=", search.replace(/\D/g, "") || "-")]));
  return query;
}

/** Applications, newest first, and how many match the filter. */
export async function listApplications(db: Db, { filter, limit, offset }: { filter: ApplicationFilter; limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    filteredApplications(db, filter).select(APPLICATION_COLUMNS).orderBy("id", "desc").limit(limit).offset(offset).execute(),
    filteredApplications(db, filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ApplicationRecord[], total: Number(total.count) };
}

export async function getApplication(db: Db, { id }: { id: number }): Promise<ApplicationRecord | undefined> {
  return (await db.selectFrom("agent_applications").select(APPLICATION_COLUMNS).where("id", "=", id).executeTakeFirst()) as ApplicationRecord | undefined;
}

/**
 * Records a decision on an application that is still new; false when it was decided meanwhile
 * (another operator, a second click), so nothing is decided twice.
 */
export async function decideApplication(
  db: Db,
  { id, status, by, at, reason = null, agentId = null, contactName = null }: { id: number; status: Exclude<ApplicationStatus, "new">; by: string; at: string; reason?: string | null; agentId?: number | null; contactName?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("agent_applications")
    .set({ status, decided_at: at, decided_by: by, decline_reason: reason, agent_id: agentId, contact_name: contactName })
    .where("id", "=", id)
    .where("status", "=", "new")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many applications and messages wait for someone (the workspace home's counts). */
export async function countNewTasks(db: Db): Promise<{ applications: number; messages: number }> {
  const [applications, messages] = await Promise.all([
    db.selectFrom("agent_applications").select((eb) => eb.fn.countAll<number>().as("count")).where("status", "=", "new").executeTakeFirstOrThrow(),
    db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<number>().as("count")).where("status", "=", "new").executeTakeFirstOrThrow(),
  ]);
  return { applications: Number(applications.count), messages: Number(messages.count) };
}

// ---------------------------------------------------------------------------------------------
// Listings an application becomes

export type ListingMatch = { id: number; company_name: string; email: string; phone: string; is_demo: number; city: string; city_slug: string; state: string; matched: ("email" | "phone" | "name")[] };

/** Listings with the same email, phone digits or company name (any case) as the company: possible duplicates. */
export async function findListingMatches(db: Db, { email, phone, companyName }: { email: string; phone: string; companyName: string }): Promise<ListingMatch[]> {
  const wantedEmail = email.trim().toLowerCase();
  const wantedName = companyName.trim().toLowerCase();
  const rows = await db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(["agents.id", "agents.company_name", "agents.email", "agents.phone", "agents.is_demo", "cities.name as city", "cities.slug as city_slug", "states.abbreviation as state"])
    .where((eb) =>
      eb.or([
        ...(wantedEmail ? [eb(lower("agents.email"), "=", wantedEmail)] : []),
        ...(phone ? [eb("agents.phone", "=", phone)] : []),
        ...(wantedName ? [eb(lower("agents.company_name"), "=", wantedName)] : []),
      ]),
    )
    .orderBy("agents.id")
    .limit(20)
    .execute();
  return rows.map((row) => ({
    ...row,
    is_demo: Number(row.is_demo),
    matched: [
      ...(wantedEmail && row.email.toLowerCase() === wantedEmail ? (["email"] as const) : []),
      ...(phone && row.phone === phone ? (["phone"] as const) : []),
      ...(wantedName && row.company_name.toLowerCase() === wantedName ? (["name"] as const) : []),
    ],
  }));
}

/** A listing's place in the directory: its profile's path parts. */
export async function listingPlace(db: Db, { agentId }: { agentId: number }): Promise<{ id: number; company_name: string; state: string; city_slug: string; is_demo: number } | undefined> {
  const row = await db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(["agents.id", "agents.company_name", "agents.is_demo", "cities.slug as city_slug", "states.abbreviation as state"])
    .where("agents.id", "=", agentId)
    .executeTakeFirst();
  return row && { ...row, is_demo: Number(row.is_demo) };
}

/** A state by its abbreviation and a city of it by slug: where an office is. */
export async function officePlace(db: Db, { state, citySlug }: { state: string; citySlug: string }) {
  const stateRow = await db.selectFrom("states").select(["id", "abbreviation"]).where("abbreviation", "=", state).executeTakeFirst();
  if (!stateRow) return { state: undefined, city: undefined };
  const city = await db.selectFrom("cities").select(["id", "name", "slug"]).where("state_id", "=", stateRow.id).where("slug", "=", citySlug).executeTakeFirst();
  return { state: stateRow, city };
}

/** The points of ZIP codes the site knows (missing ones are simply absent). */
export async function zipPoints(db: Db, { zips }: { zips: readonly string[] }): Promise<Map<string, { lat: number; lng: number }>> {
  if (zips.length === 0) return new Map();
  const rows = await db.selectFrom("zip_codes").select(["zip", "lat", "lng"]).where("zip", "in", [...zips]).execute();
  return new Map(rows.map((row) => [row.zip, { lat: Number(row.lat), lng: Number(row.lng) }]));
}

export async function slugTaken(db: Db, { slug }: { slug: string }): Promise<boolean> {
  return (await db.selectFrom("agents").select("id").where("slug", "=", slug).executeTakeFirst()) !== undefined;
}

/** Inserts a listing and its categories; answers its id. */
export async function insertListing(db: Db, { agent, categories }: { agent: NewAgent; categories: readonly number[] }): Promise<number> {
  const { id } = await db.insertInto("agents").values(agent).returning("id").executeTakeFirstOrThrow();
  if (categories.length) await db.insertInto("agent_categories").values(categories.map((category_id) => ({ agent_id: id, category_id }))).execute();
  return id;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** A message's row (its status narrowed to the contract's), with the listing it was sent to. */
export type MessageRecord = Omit<Selectable<ContactMessagesTable>, "status"> & {
  status: MessageStatus;
  company_name: string | null;
  is_demo: number | null;
};

export type MessageFilter = { status?: MessageStatus; kind?: MessageKind; search?: string };

function filteredMessages(db: Db, { status, kind, search }: MessageFilter) {
  let query = db.selectFrom("contact_messages").leftJoin("agents", "agents.id", "contact_messages.agent_id");
  if (status) query = query.where("contact_messages.status", "=", status);
  if (kind === "site") query = query.where("contact_messages.agent_id", "=", 0);
  if (kind === "manager") query = query.where("contact_messages.agent_id", ">", 0);
  if (search) query = query.where((eb) => eb.or([like("contact_messages.name", search), like("contact_messages.email", search), like("contact_messages.message", search)]));
  return query;
}

const MESSAGE_COLUMNS = [
  "contact_messages.id",
  "contact_messages.name",
  "contact_messages.email",
  "contact_messages.mobile",
  "contact_messages.message",
  "contact_messages.agent_id",
  "contact_messages.created_at",
  "contact_messages.status",
  "contact_messages.status_changed_at",
  "agents.company_name",
  "agents.is_demo",
] as const;

/** Messages, newest first, each with the listing it was sent to, and how many match. */
export async function listMessages(db: Db, { filter, limit, offset }: { filter: MessageFilter; limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    filteredMessages(db, filter).select(MESSAGE_COLUMNS).orderBy("contact_messages.id", "desc").limit(limit).offset(offset).execute(),
    filteredMessages(db, filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MessageRecord[], total: Number(total.count) };
}

export async function getMessage(db: Db, { id }: { id: number }): Promise<MessageRecord | undefined> {
  return (await filteredMessages(db, {}).select(MESSAGE_COLUMNS).where("contact_messages.id", "=", id).executeTakeFirst()) as MessageRecord | undefined;
}

export async function setMessageStatus(db: Db, { id, status, at }: { id: number; status: MessageStatus; at: string }): Promise<boolean> {
  const result = await db.updateTable("contact_messages").set({ status, status_changed_at: at }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ReplyRecord = { id: number; contact_id: number; body: string; staff_email: string; reply_to: string; created_at: string };

export async function insertReply(db: Db, reply: { contact_id: number; body: string; staff_user_id: string | null; staff_email: string; reply_to: string; created_at: string }): Promise<number> {
  const { id } = await db.insertInto("contact_replies").values(reply).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** A message's replies, oldest first (the thread). */
export async function listReplies(db: Db, { contactId }: { contactId: number }): Promise<ReplyRecord[]> {
  return db.selectFrom("contact_replies").select(["id", "contact_id", "body", "staff_email", "reply_to", "created_at"]).where("contact_id", "=", contactId).orderBy("id").execute();
}

export async function getReply(db: Db, { id }: { id: number }): Promise<ReplyRecord | undefined> {
  return db.selectFrom("contact_replies").select(["id", "contact_id", "body", "staff_email", "reply_to", "created_at"]).where("id", "=", id).executeTakeFirst();
}

/** The state of the outbox messages about a contact message ("contact.message" to its manager, "contact.reply" to its writer). */
export async function messageDeliveries(db: Db, { contactId }: { contactId: number }) {
  return db.selectFrom("outbox_messages").select(["id", "kind", "channel", "status", "payload", "sent_at"]).where("contact_id", "=", contactId).orderBy("id").execute();
}

// ---------------------------------------------------------------------------------------------
// Subscribers and unsubscribed mailboxes

export type SubscriberRecord = { id: number; email_address: string; created_at: string; confirmed_at: string };

function confirmedSubscribers(db: Db, { search }: { search?: string }) {
  let query = db.selectFrom("newsletter_subscriptions").where("confirmed_at", "is not", null);
  if (search) query = query.where(like("email_address", search));
  return query;
}

export async function listSubscribers(db: Db, { search, limit, offset }: { search?: string; limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    confirmedSubscribers(db, { search }).select(["id", "email_address", "created_at", "confirmed_at"]).orderBy("id", "desc").limit(limit).offset(offset).execute(),
    confirmedSubscribers(db, { search }).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as SubscriberRecord[], total: Number(total.count) };
}

/** Every confirmed subscriber in batches, oldest first (the CSV export). */
export async function* allSubscribers(db: Db, { batch = 1000 }: { batch?: number } = {}): AsyncGenerator<SubscriberRecord[]> {
  let after = 0;
  for (;;) {
    const rows = (await confirmedSubscribers(db, {}).select(["id", "email_address", "created_at", "confirmed_at"]).where("id", ">", after).orderBy("id").limit(batch).execute()) as SubscriberRecord[];
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

export async function getSubscriber(db: Db, { id }: { id: number }): Promise<{ id: number; email_address: string; email_key: string | null } | undefined> {
  return db.selectFrom("newsletter_subscriptions").select(["id", "email_address", "email_key"]).where("id", "=", id).executeTakeFirst();
}

/** Erases the subscriptions of a mailbox (and any its key was not stored for, by address); answers their ids. */
export async function eraseSubscriptions(db: Db, { emailKey, ids = [] }: { emailKey: string; ids?: readonly number[] }): Promise<number[]> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select("id")
    .where((eb) => eb.or([eb("email_key", "=", emailKey), ...(ids.length ? [eb("id", "in", [...ids])] : [])]))
    .execute();
  const found = rows.map((row) => row.id);
  if (found.length === 0) return [];
  // Their messages not sent yet have nobody left to go to.
  await db.updateTable("outbox_messages").set({ status: "cancelled", payload: "{}" }).where("subscription_id", "in", found).where("status", "in", ["pending", "sending"]).execute();
  await db.updateTable("outbox_messages").set({ subscription_id: null }).where("subscription_id", "in", found).execute();
  await db.deleteFrom("newsletter_subscriptions").where("id", "in", found).execute();
  return found;
}

export async function suppressMailbox(db: Db, { emailKey, at }: { emailKey: string; at: string }): Promise<boolean> {
  const result = await db
    .insertInto("email_suppressions")
    .values({ email_key: emailKey, created_at: at })
    .onConflict((conflict) => conflict.column("email_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a mailbox has a newsletter subscription (confirmed or waiting). */
export async function hasSubscription(db: Db, { emailKey }: { emailKey: string }): Promise<boolean> {
  return (await db.selectFrom("newsletter_subscriptions").select("id").where("email_key", "=", emailKey).executeTakeFirst()) !== undefined;
}

export async function isSuppressed(db: Db, { emailKey }: { emailKey: string }): Promise<boolean> {
  return (await db.selectFrom("email_suppressions").select("email_key").where("email_key", "=", emailKey).executeTakeFirst()) !== undefined;
}
