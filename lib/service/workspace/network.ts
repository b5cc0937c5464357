import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { ApiError } from "../../contract/errors";
import { can, type StaffPermission, type StaffRole } from "../../contract/staff";
import { LISTING_FORM, NETWORK, NETWORK_WHAT } from "../../contract/operator-messages";
import { LISTING_WITHOUT_LOGO, OPERATOR_LIST_SIZE, radiusForServiceZips, type ListingDraft } from "../../contract/operator";
import { MAX_SERVICE_RADIUS_MILES } from "../../contract/site";
import { distanceMiles } from "../../contract/geo";
import { mailboxKey } from "../../contract/keys";
import { agentPath, slugify } from "../../contract/routes";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { noteContentChange } from "../../db/queries/managers";
import {
  allSubscribers,
  countNewTasks,
  listApplications,
  listMessages,
  listReplies,
  listSubscribers,
  messageDeliveries,
  type ApplicationFilter,
  type MessageFilter,
  decideApplication,
  eraseSubscriptions,
  findListingMatches,
  getApplication,
  getMessage,
  getSubscriber,
  insertListing,
  insertReply,
  listingPlace,
  officePlace,
  setMessageStatus,
  slugTaken,
  suppressMailbox,
  zipPoints,
  type ApplicationRecord,
  type ListingMatch,
} from "../../db/queries/operator";

export type { ApplicationRecord, ListingMatch, MessageRecord, ReplyRecord } from "../../db/queries/operator";
import { indexServiceAreas } from "../../db/service-areas";
import { outboxRows, type DeliveryRouting } from "../delivery/routing";
import { configuredRouting } from "../default-worker";
import { configuredOperator, env } from "../../env";
import { reconcileSiteWords } from "../../db/site-words";
import { PAGE_REVALIDATE_SECONDS } from "../../contract/cache-policy";
import { spokenDuration, type Deployment } from "./deployment";
import { purgeRows } from "../delivery/purge";
import { listingPagePaths, withdrawSamplesBesideReal } from "../listing-pages";
import { audit, refuseUnless, type StaffIdentity } from "./audit";

/**
 * The operator's tasks (lib/contract/operator.ts): an application becomes a listing (or is linked
 * to one, or declined with a reason), a message is answered by email or closed, a subscriber is
 * removed. Every function takes the signed-in staff member and checks the role itself (the pages
 * and server actions check too); each decision is one transaction: the row, its audit entry and
 * the outbox message to the person concerned are written together or not at all.
 */
type Db = Kysely<Database>;

const now = () => new Date().toISOString();

const requireNetwork = (db: Db, staff: StaffIdentity, permission: keyof typeof NETWORK_WHAT & StaffPermission) =>
  refuseUnless(db, staff, permission, NETWORK.forbidden(staff.role, NETWORK_WHAT[permission]));

/** Whether a role decides the network's tasks (the pages show their forms only then). */
export const decidesNetwork = (role: StaffRole) => can(role, "application:decide");

/** Where the applicant's and the writer's answers go, and the address their replies go to: the operator's. */
export type Delivery = { routing: DeliveryRouting; replyTo: string };

/**
 * This deployment's delivery: its channels, and Reply-To the operator: OPERATOR_EMAIL when set
 * (docs/operator-words.md), otherwise SITE_CONTACT_EMAIL, the address the footer and the contact
 * page give.
 */
export function operatorDelivery(): Delivery {
  const { OPERATOR_EMAIL, SITE_CONTACT_EMAIL } = env();
  return { routing: configuredRouting(), replyTo: OPERATOR_EMAIL ?? SITE_CONTACT_EMAIL };
}

/** What is true of a new listing's pages on this deployment, after the pages were refreshed here (deployment.ts). */
export function listingLiveMessage(where: Deployment): string {
  return [
    where.sharedRedis ? NETWORK.liveEverywhere : NETWORK.liveHereOnly(spokenDuration(2 * PAGE_REVALIDATE_SECONDS)),
    (where.purge ? NETWORK.cdnPurged : NETWORK.cdnNotPurged)(spokenDuration(PAGE_REVALIDATE_SECONDS), PAGE_REVALIDATE_SECONDS),
  ].join(" ");
}

// ---------------------------------------------------------------------------------------------
// What the pages read (every role reads applications and messages; subscribers, those who manage them)

type Paging = { page: number };
const pageOf = <T>({ rows, total }: { rows: T[]; total: number }, page: number) => ({ rows, total, page, lastPage: Math.max(1, Math.ceil(total / OPERATOR_LIST_SIZE)) });

export const networkCounts = (db: Db) => countNewTasks(db);

export async function applicationsPage(db: Db, { filter, page }: { filter: ApplicationFilter } & Paging) {
  return pageOf(await listApplications(db, { filter, limit: OPERATOR_LIST_SIZE, offset: (page - 1) * OPERATOR_LIST_SIZE }), page);
}

/** One application, the listing it became (when decided so) and the listings it may duplicate (while new). */
export async function applicationDetail(db: Db, { id }: { id: number }) {
  const application = await getApplication(db, { id });
  if (!application) return null;
  const listing = application.agent_id === null ? undefined : await listingPlace(db, { agentId: application.agent_id });
  const matches = application.status === "new" ? await possibleDuplicates(db, { email: application.email, phone: application.mobile, companyName: application.company_name }) : [];
  return { application, listing: listing ? { ...listing, path: agentPath({ state: listing.state, city_slug: listing.city_slug, agent_id: listing.id }) } : null, matches };
}

export async function messagesPage(db: Db, { filter, page }: { filter: MessageFilter } & Paging) {
  return pageOf(await listMessages(db, { filter, limit: OPERATOR_LIST_SIZE, offset: (page - 1) * OPERATOR_LIST_SIZE }), page);
}

/** One message, its replies (the thread) and what the outbox did with it. */
export async function messageDetail(db: Db, { id }: { id: number }) {
  const message = await getMessage(db, { id });
  if (!message) return null;
  const [replies, deliveries] = await Promise.all([listReplies(db, { contactId: id }), messageDeliveries(db, { contactId: id })]);
  return { message, replies, deliveries };
}

/** The confirmed subscribers, for those who manage them only (null for everyone else: the page says why). */
export async function subscribersPage(db: Db, staff: StaffIdentity, { search, page }: { search?: string } & Paging) {
  if (!can(staff.role, "subscriber:manage")) return null;
  return pageOf(await listSubscribers(db, { search, limit: OPERATOR_LIST_SIZE, offset: (page - 1) * OPERATOR_LIST_SIZE }), page);
}

async function openApplication(db: Db, id: number): Promise<ApplicationRecord> {
  const application = await getApplication(db, { id });
  if (!application) throw new ApiError(404, NETWORK.unknownApplication);
  if (application.status !== "new") throw new ApiError(409, NETWORK.alreadyDecided);
  return application;
}

/** The listings an application may duplicate, by the email, phone and name it (or its edited listing) gives. */
export function possibleDuplicates(db: Db, { email, phone, companyName }: { email: string; phone: string; companyName: string }): Promise<ListingMatch[]> {
  return findListingMatches(db, { email, phone: phone.replace(/\D/g, ""), companyName });
}

/** A listing's new row from the edited draft, placed and sized by the site's own data. */
async function newListingRow(db: Db, draft: ListingDraft, at: string) {
  const { state, city } = await officePlace(db, { state: draft.office_state, citySlug: slugify(draft.office_city) });
  if (!state) throw new ApiError(400, LISTING_FORM.unknownState(draft.office_state), "office_state");
  if (!city) throw new ApiError(400, LISTING_FORM.unknownCity(draft.office_city, draft.office_state), "office_city");
  const points = await zipPoints(db, { zips: [draft.office_zip, ...draft.service_zips] });
  const office = points.get(draft.office_zip);
  if (!office) throw new ApiError(400, LISTING_FORM.unknownZip(draft.office_zip), "office_zip");
  const missing = draft.service_zips.find((zip) => !points.has(zip));
  if (missing) throw new ApiError(400, LISTING_FORM.unknownZip(missing), "service_zips");
  const radius = radiusForServiceZips(draft.service_zips.map((zip) => distanceMiles(office, points.get(zip)!)));
  if (radius === null) throw new ApiError(400, LISTING_FORM.zipTooFar(MAX_SERVICE_RADIUS_MILES), "service_zips");
  const base = `${slugify(draft.company_name) || "listing"}-${city.slug}-${state.abbreviation.toLowerCase()}`;
  let slug = base;
  for (let n = 2; await slugTaken(db, { slug }); n++) slug = `${base}-${n}`;
  const fee = (value: ListingDraft["management_fee"], kind: "percent" | "flat") => (value && value.kind === kind ? value.value : null);
  return {
    slug,
    company_name: draft.company_name,
    photo: LISTING_WITHOUT_LOGO,
    featured: 0,
    address: draft.office_address,
    zip: draft.office_zip,
    city_id: city.id,
    state_id: state.id,
    about: draft.about,
    read_more: 0,
    email: draft.email,
    phone: draft.phone,
    is_demo: 0,
    created_at: at,
    updated_at: at,
    management_fee_percent: fee(draft.management_fee, "percent"),
    management_fee_flat: fee(draft.management_fee, "flat"),
    leasing_fee_percent: fee(draft.leasing_fee, "percent"),
    renewal_fee: fee(draft.renewal_fee, "flat"),
    setup_fee: fee(draft.setup_fee, "flat"),
    maintenance_markup_percent: null,
    vacancy_fee: null,
    license_state: null,
    license_number: null,
    license_type: null,
    license_source: null,
    license_checked_on: null,
    office_lat: office.lat,
    office_lng: office.lng,
    service_radius_miles: radius,
    units_managed: null,
    year_founded: null,
  };
}

export type ListingDecision = { agentId: number; path: string; company: string; paths: string[] };

/**
 * Approves a new application into a new, real listing (not a sample) from the operator's edited
 * draft: it refuses while listings match the company's email, phone or name unless
 * `allowDuplicates`, indexes the service area (the city pages follow), queues the applicant's
 * email and the CDN's purge of the changed pages, and logs the decision.
 */
export async function approveApplication(
  db: Db,
  staff: StaffIdentity,
  { applicationId, draft, allowDuplicates, delivery }: { applicationId: number; draft: ListingDraft; allowDuplicates: boolean; delivery: Delivery },
): Promise<ListingDecision> {
  await requireNetwork(db, staff, "application:decide");
  const at = now();
  return db.transaction().execute(async (trx) => {
    await openApplication(trx, applicationId);
    const matches = await possibleDuplicates(trx, { email: draft.email, phone: draft.phone, companyName: draft.company_name });
    if (matches.length > 0 && !allowDuplicates) throw new ApiError(409, LISTING_FORM.duplicates(matches.length));
    const agentId = await insertListing(trx, { agent: await newListingRow(trx, draft, at), categories: draft.categories });
    await indexServiceAreas(trx, { agentIds: [agentId] });
    if (!(await decideApplication(trx, { id: applicationId, status: "approved", by: staff.email, at, agentId, contactName: draft.contact_name || null }))) {
      throw new ApiError(409, NETWORK.alreadyDecided);
    }
    // The first real listing changes what the site says about its listings (lib/db/site-words.ts).
    const words = await reconcileSiteWords(trx, { operator: configuredOperator() });
    // The first real listing takes the samples off every list (lib/service/listing-pages.ts).
    const paths = [...new Set([...(await listingPagePaths(trx, [agentId])), ...(await withdrawSamplesBesideReal(trx)), ...words.paths])];
    await insertOutboxMessages(trx, [
      ...outboxRows("application.approved", { agent_id: agentId, payload: { application_id: String(applicationId), reply_to: delivery.replyTo } }, delivery.routing, at),
      ...purgeRows(paths, delivery.routing, at),
    ]);
    await audit(trx, staff, "application.approved", `application:${applicationId}`, `agent:${agentId} ${draft.company_name}`);
    // Every server (its pages, the workspace's list, the shared page store) reads the journal and refreshes.
    await noteContentChange(trx, { source: "application", summary: `agent ${agentId} added from application ${applicationId}`, at });
    const place = await listingPlace(trx, { agentId });
    const path = place ? agentPath({ state: place.state, city_slug: place.city_slug, agent_id: agentId }) : "/";
    return { agentId, path, company: draft.company_name, paths };
  });
}

/** Approves a new application by linking it to an existing listing (nothing is created); the applicant is emailed its address. */
export async function linkApplication(db: Db, staff: StaffIdentity, { applicationId, agentId, delivery }: { applicationId: number; agentId: number; delivery: Delivery }): Promise<ListingDecision> {
  await requireNetwork(db, staff, "application:decide");
  const at = now();
  return db.transaction().execute(async (trx) => {
    await openApplication(trx, applicationId);
    const listing = await listingPlace(trx, { agentId });
    if (!listing) throw new ApiError(404, LISTING_FORM.unknownListing);
    if (!(await decideApplication(trx, { id: applicationId, status: "approved", by: staff.email, at, agentId }))) throw new ApiError(409, NETWORK.alreadyDecided);
    await insertOutboxMessages(
      trx,
      outboxRows("application.approved", { agent_id: agentId, payload: { application_id: String(applicationId), reply_to: delivery.replyTo, linked: "1" } }, delivery.routing, at),
    );
    await audit(trx, staff, "application.linked", `application:${applicationId}`, `agent:${agentId} ${listing.company_name}`);
    return { agentId, path: agentPath({ state: listing.state, city_slug: listing.city_slug, agent_id: listing.id }), company: listing.company_name, paths: [] };
  });
}

/** Declines a new application with the reason the applicant is emailed. */
export async function declineApplication(db: Db, staff: StaffIdentity, { applicationId, reason, delivery }: { applicationId: number; reason: string; delivery: Delivery }): Promise<void> {
  await requireNetwork(db, staff, "application:decide");
  const at = now();
  await db.transaction().execute(async (trx) => {
    await openApplication(trx, applicationId);
    if (!(await decideApplication(trx, { id: applicationId, status: "declined", by: staff.email, at, reason }))) throw new ApiError(409, NETWORK.alreadyDecided);
    await insertOutboxMessages(trx, outboxRows("application.declined", { payload: { application_id: String(applicationId), reply_to: delivery.replyTo } }, delivery.routing, at));
    await audit(trx, staff, "application.declined", `application:${applicationId}`, reason);
  });
}

/** Sends a reply to a message's writer (through the outbox, Reply-To the operator), keeps it with the message and marks it answered. */
export async function replyToMessage(db: Db, staff: StaffIdentity, { messageId, body, delivery }: { messageId: number; body: string; delivery: Delivery }): Promise<{ to: string }> {
  await requireNetwork(db, staff, "message:reply");
  const at = now();
  return db.transaction().execute(async (trx) => {
    const message = await getMessage(trx, { id: messageId });
    if (!message) throw new ApiError(404, NETWORK.unknownMessage);
    const replyId = await insertReply(trx, { contact_id: messageId, body, staff_user_id: staff.id, staff_email: staff.email, reply_to: delivery.replyTo, created_at: at });
    await setMessageStatus(trx, { id: messageId, status: "answered", at });
    await insertOutboxMessages(trx, outboxRows("contact.reply", { contact_id: messageId, payload: { reply_id: String(replyId) } }, delivery.routing, at));
    await audit(trx, staff, "message.replied", `message:${messageId}`, `reply:${replyId}`);
    return { to: message.email };
  });
}

/** Marks a message new, answered or closed (closing one needs no reply). */
export async function changeMessageStatus(db: Db, staff: StaffIdentity, { messageId, status }: { messageId: number; status: "new" | "answered" | "closed" }): Promise<void> {
  await requireNetwork(db, staff, "message:reply");
  await db.transaction().execute(async (trx) => {
    if (!(await setMessageStatus(trx, { id: messageId, status, at: now() }))) throw new ApiError(404, NETWORK.unknownMessage);
    await audit(trx, staff, "message.status_changed", `message:${messageId}`, status);
  });
}

/** Removes a subscriber as their own unsubscribe link would: the address is erased and its mailbox gets no newsletter or notice. */
export async function removeSubscriber(db: Db, staff: StaffIdentity, { subscriberId }: { subscriberId: number }): Promise<{ email: string }> {
  await requireNetwork(db, staff, "subscriber:manage");
  return db.transaction().execute(async (trx) => {
    const subscriber = await getSubscriber(trx, { id: subscriberId });
    if (!subscriber) throw new ApiError(404, NETWORK.unknownSubscriber);
    const emailKey = subscriber.email_key ?? mailboxKey(subscriber.email_address);
    await eraseSubscriptions(trx, { emailKey, ids: [subscriber.id] });
    await suppressMailbox(trx, { emailKey, at: now() });
    // The log names the row, not the address it erased.
    await audit(trx, staff, "subscriber.removed", `subscriber:${subscriberId}`);
    return { email: subscriber.email_address };
  });
}

/** Checks that the staff member may export the subscribers, and logs the export. */
export async function startSubscribersExport(db: Db, staff: StaffIdentity): Promise<void> {
  await requireNetwork(db, staff, "subscriber:manage");
  await audit(db, staff, "subscribers.exported", null);
}

/** Every confirmed subscriber, a thousand at a time (after startSubscribersExport allowed it). */
export const subscriberBatches = (db: Db) => allSubscribers(db);

/** The subscribers CSV's header and rows (RFC 4180 quoting; a leading =, +, - or @ is defused for spreadsheets). */
export const SUBSCRIBERS_CSV_HEADER = "email_address,subscribed_at,confirmed_at";
export function subscriberCsvLine(row: { email_address: string; created_at: string; confirmed_at: string }): string {
  return [row.email_address, row.created_at, row.confirmed_at].map(csvCell).join(",");
}
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
