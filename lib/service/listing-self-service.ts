import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ApiError } from "../contract/errors";
import { can } from "../contract/staff";
import { distanceMiles } from "../contract/geo";
import { radiusForServiceZips } from "../contract/operator";
import { LISTING_FORM } from "../contract/operator-messages";
import { MAX_SERVICE_RADIUS_MILES } from "../contract/site";
import {
  LISTING_CHANGES_PAGE_SIZE,
  LISTING_FIELD_KEYS,
  LISTING_LINK_MINUTES,
  LISTING_LINKS_PER_HOUR,
  LISTING_SESSION_HOURS,
  LISTING_TOKEN,
  maskedEmail,
  type ListingEdit,
  type ListingFields,
} from "../contract/listing-self-service";
import { LISTING_CHANGES, LISTING_SELF } from "../contract/listing-messages";
import { settingOrCreate } from "../db/queries/workspace";
import { addToCounter } from "../db/queries/rate-limits";
import { insertOutboxMessages } from "../db/queries/outbox";
import { insertProposalToken } from "../db/queries/proposals";
import { noteContentChange } from "../db/queries/managers";
import { zipPoints } from "../db/queries/operator";
import {
  deleteListingSession,
  getListingRevision,
  insertListingLink,
  insertListingRevision,
  insertListingSession,
  isRecipient,
  listingFieldsRow,
  listingLinkOpen,
  listingOfSession,
  listListingRevisions,
  managerRequests,
  selfServiceListing,
  useListingLink,
  writeListingFields,
  type SelfServiceListing,
} from "../db/queries/listing-self-service";
import { indexServiceAreas } from "../db/service-areas";
import { outboxRows, type DeliveryRouting } from "./delivery/routing";
import { purgeRows } from "./delivery/purge";
import { hashToken, newToken } from "./delivery/tokens";
import { audit, type StaffIdentity } from "./workspace/seo";
import { listingPagePaths } from "./listing-pages";
import { configuredRouting } from "./default-worker";
import { refuseUnless } from "./workspace/audit";
import { getDatabase } from "../db";

export type { ListingRevisionRecord, ManagerRequestRecord, SelfServiceListing } from "../db/queries/listing-self-service";

/**
 * Managers keep their own listing true (docs/self-service.md). A sign-in link goes only to the
 * email on the listing, through the outbox; it works once and expires. It opens a session scoped
 * to that one listing: a signed cookie naming the listing and a random token whose hash is a row
 * of listing_sessions (signing out deletes it). Every save and every staff revert is a revision,
 * written with the listing's row, its re-indexed service area and the purge of its pages in one
 * transaction; the caller refreshes the pages (revalidatePath) as an approval's action does.
 */
type Db = Kysely<Database>;

const HOUR_MS = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------
// The link

/** A listing that exists, or the 404 that says so. */
async function existingListing(db: Db, agentId: number): Promise<SelfServiceListing> {
  const listing = Number.isSafeInteger(agentId) && agentId > 0 ? await selfServiceListing(db, { agentId }) : undefined;
  if (!listing) throw new ApiError(404, LISTING_SELF.unknownListing);
  return listing;
}

/** What the page that asks for a link shows of a listing: its name, its masked address, whether it is a sample. */
export async function linkRequestPage(db: Db, { agentId }: { agentId: number }) {
  const listing = await existingListing(db, agentId);
  return { id: listing.id, company_name: listing.company_name, masked: maskedEmail(listing.email), sample: listing.is_demo === 1, listing };
}

/**
 * Mails a one-time sign-in link to the email on a real listing, at most LISTING_LINKS_PER_HOUR an
 * hour per listing (past that, nothing is sent). The answer is the same either way: the masked
 * address. A sample listing has no company to send to (409), an unknown one is a 404.
 */
export async function requestListingLink(db: Db, { agentId, routing, now = Date.now() }: { agentId: number; routing: DeliveryRouting; now?: number }): Promise<{ masked: string; sent: boolean }> {
  const listing = await existingListing(db, agentId);
  if (listing.is_demo === 1) throw new ApiError(409, LISTING_SELF.sample);
  const token = newToken();
  const sent = await db.transaction().execute(async (trx) => {
    const counter = await addToCounter(trx, { key: `listing-link|manager:${listing.id}`, points: 1, expire: now + HOUR_MS, now });
    if (counter.points > LISTING_LINKS_PER_HOUR) return false;
    const at = iso(now);
    await insertListingLink(trx, { token_hash: hashToken(token), agent_id: listing.id, created_at: at, expires_at: iso(now + LISTING_LINK_MINUTES * 60_000) });
    await insertOutboxMessages(trx, outboxRows("listing.sign_in", { agent_id: listing.id, payload: { token } }, routing, at));
    return true;
  });
  return { masked: maskedEmail(listing.email), sent };
}

/** The listing a mailed link would open (for its page's button), or null: unknown, used or expired. */
export async function listingOfLink(db: Db, { token, now = Date.now() }: { token: string; now?: number }): Promise<SelfServiceListing | null> {
  if (!LISTING_TOKEN.test(token)) return null;
  const agentId = await listingLinkOpen(db, { tokenHash: hashToken(token), now: iso(now) });
  return (agentId !== undefined && (await selfServiceListing(db, { agentId }))) || null;
}

// ---------------------------------------------------------------------------------------------
// The session

const secrets = new WeakMap<Db, Promise<string>>();

/** The cookie's signing secret: one per database, shared by every instance on it. */
function sessionSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = settingOrCreate(db, { key: "listing_session_secret", initial: crypto.randomBytes(32).toString("base64url") });
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const signature = (secret: string, agentId: number, token: string) => crypto.createHmac("sha256", secret).update(`listing-session|${agentId}|${token}`).digest("base64url").slice(0, 32);

const COOKIE_SHAPE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/;

/**
 * Uses a mailed link (once; a second use, or after it expired, opens nothing) and opens a session
 * for its listing: the cookie's value and when it ends, or null.
 */
export async function openListingSession(db: Db, { token, now = Date.now() }: { token: string; now?: number }): Promise<{ agentId: number; cookie: string; expires: Date } | null> {
  if (!LISTING_TOKEN.test(token)) return null;
  const secret = await sessionSecret(db);
  const sessionToken = newToken();
  const expires = now + LISTING_SESSION_HOURS * HOUR_MS;
  const agentId = await db.transaction().execute(async (trx) => {
    const opened = await useListingLink(trx, { tokenHash: hashToken(token), now: iso(now) });
    if (opened === undefined) return undefined;
    await insertListingSession(trx, { token_hash: hashToken(sessionToken), agent_id: opened, created_at: iso(now), expires_at: iso(expires) });
    return opened;
  });
  if (agentId === undefined) return null;
  return { agentId, cookie: `${agentId}.${sessionToken}.${signature(secret, agentId, sessionToken)}`, expires: new Date(expires) };
}

/** The listing a session cookie is signed in to, or null (no cookie, a forged or ended one). */
export async function listingOfCookie(db: Db, { cookie, now = Date.now() }: { cookie: string | undefined; now?: number }): Promise<number | null> {
  const match = cookie ? COOKIE_SHAPE.exec(cookie) : null;
  if (!match) return null;
  const agentId = Number(match[1]);
  const expected = Buffer.from(signature(await sessionSecret(db), agentId, match[2]));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const stored = await listingOfSession(db, { tokenHash: hashToken(match[2]), now: iso(now) });
  return stored === agentId ? agentId : null;
}

/** Ends a session: its row is deleted, so the cookie opens nothing even if kept. */
export async function closeListingSession(db: Db, { cookie }: { cookie: string | undefined }): Promise<void> {
  const match = cookie ? COOKIE_SHAPE.exec(cookie) : null;
  if (match) await deleteListingSession(db, { tokenHash: hashToken(match[2]) });
}

/**
 * The signed-in manager's access to listing `agentId`: refused (403) when the session is another
 * listing's, 401 without one. Every read and write of the manager's pages goes through it.
 */
export async function requireListingSession(db: Db, { cookie, agentId }: { cookie: string | undefined; agentId: number }): Promise<SelfServiceListing> {
  const signedIn = await listingOfCookie(db, { cookie });
  if (signedIn === null) throw new ApiError(401, LISTING_SELF.signInNeeded);
  if (signedIn !== agentId) throw new ApiError(403, LISTING_SELF.otherListing);
  return existingListing(db, agentId);
}

// ---------------------------------------------------------------------------------------------
// The fields and their revisions

export async function listingFields(db: Db, { agentId }: { agentId: number }): Promise<ListingFields> {
  const row = await listingFieldsRow(db, { agentId });
  if (!row) throw new ApiError(404, LISTING_SELF.unknownListing);
  const { office_lat: _lat, office_lng: _lng, ...fields } = row;
  return fields;
}

const sameFields = (a: ListingFields, b: ListingFields) => LISTING_FIELD_KEYS.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

/** The fields an edit makes, its service circle sized by the site's ZIP data (the listing form's rules). */
async function fieldsOfEdit(db: Db, office: { lat: number | null; lng: number | null }, edit: ListingEdit): Promise<ListingFields> {
  const points = await zipPoints(db, { zips: edit.service_zips });
  const missing = edit.service_zips.find((zip) => !points.has(zip));
  if (missing) throw new ApiError(400, LISTING_FORM.unknownZip(missing), "service_zips");
  const radius = office.lat === null || office.lng === null ? null : radiusForServiceZips(edit.service_zips.map((zip) => distanceMiles({ lat: office.lat!, lng: office.lng! }, points.get(zip)!)));
  if (radius === null) throw new ApiError(400, LISTING_FORM.zipTooFar(MAX_SERVICE_RADIUS_MILES), "service_zips");
  const fee = (value: ListingEdit["management_fee"], kind: "percent" | "flat") => (value && value.kind === kind ? value.value : null);
  return {
    management_fee_percent: fee(edit.management_fee, "percent"),
    management_fee_flat: fee(edit.management_fee, "flat"),
    leasing_fee_percent: fee(edit.leasing_fee, "percent"),
    setup_fee: fee(edit.setup_fee, "flat"),
    renewal_fee: fee(edit.renewal_fee, "flat"),
    categories: [...edit.categories].sort((a, b) => a - b),
    services: edit.services,
    about: edit.about,
    service_zips: edit.service_zips.join(";"),
    service_radius_miles: radius,
  };
}

export type ListingChange = { changed: boolean; revisionId: number | null; paths: string[] };

/**
 * Writes `after` to listing `agentId` as one revision, in `trx`: the row and its categories, the
 * service area re-indexed (its cities recounted), the purge of every page it was on before or is
 * on now, and the journal every server reads to refresh its pages.
 */
async function applyFields(
  trx: Db,
  { agentId, before, after, by, revertsId, routing, at }: { agentId: number; before: ListingFields; after: ListingFields; by: { kind: "manager" | "staff"; email: string }; revertsId: number | null; routing: DeliveryRouting; at: string },
): Promise<ListingChange> {
  const pathsBefore = await listingPagePaths(trx, [agentId]);
  await writeListingFields(trx, { agentId, fields: after, at });
  await indexServiceAreas(trx, { agentIds: [agentId] });
  const paths = [...new Set([...pathsBefore, ...(await listingPagePaths(trx, [agentId]))])];
  const revisionId = await insertListingRevision(trx, { agent_id: agentId, by_kind: by.kind, by_email: by.email, before, after, reverts_id: revertsId, created_at: at });
  await insertOutboxMessages(trx, purgeRows(paths, routing, at));
  await noteContentChange(trx, { source: "listing", summary: `agent ${agentId} changed (revision ${revisionId})`, at });
  return { changed: true, revisionId, paths };
}

/** A signed-in manager's save: refused for another listing; nothing written when nothing changed or a ZIP code is refused. */
export async function saveListingEdit(
  db: Db,
  { cookie, agentId, edit, routing, now = Date.now() }: { cookie: string | undefined; agentId: number; edit: ListingEdit; routing: DeliveryRouting; now?: number },
): Promise<ListingChange> {
  const listing = await requireListingSession(db, { cookie, agentId });
  if (listing.is_demo === 1) throw new ApiError(409, LISTING_SELF.sample);
  return db.transaction().execute(async (trx) => {
    const row = await listingFieldsRow(trx, { agentId });
    if (!row) throw new ApiError(404, LISTING_SELF.unknownListing);
    const { office_lat, office_lng, ...before } = row;
    const after = await fieldsOfEdit(trx, { lat: office_lat, lng: office_lng }, edit);
    if (sameFields(before, after)) return { changed: false, revisionId: null, paths: [] };
    return applyFields(trx, { agentId, before, after, by: { kind: "manager", email: listing.email }, revertsId: null, routing, at: iso(now) });
  });
}

/** Whether a role reverts listing changes (admins and operators, who decide the network's tasks). */
export const revertsListings = (role: StaffIdentity["role"]) => can(role, "application:decide");

/** The workspace's list: revisions newest first, a page at a time. */
export async function listingChangesPage(db: Db, { page }: { page: number }) {
  const { rows, total } = await listListingRevisions(db, { limit: LISTING_CHANGES_PAGE_SIZE, offset: (page - 1) * LISTING_CHANGES_PAGE_SIZE });
  return { rows, total, page, lastPage: Math.max(1, Math.ceil(total / LISTING_CHANGES_PAGE_SIZE)) };
}

/**
 * Staff put a listing's fields back as they were before revision `revisionId`: a revision of its
 * own (by the staff member, naming the one it reverts), the pages refreshed the same way, and a
 * line in the audit log. Admins and operators only.
 */
export async function revertListingChange(db: Db, staff: StaffIdentity, { revisionId, routing, now = Date.now() }: { revisionId: number; routing: DeliveryRouting; now?: number }): Promise<ListingChange & { company: string }> {
  await refuseUnless(db, staff, "application:decide", LISTING_CHANGES.forbidden(staff.role));
  const at = iso(now);
  return db.transaction().execute(async (trx) => {
    const revision = await getListingRevision(trx, { id: revisionId });
    if (!revision) throw new ApiError(404, LISTING_CHANGES.unknownRevision);
    const row = await listingFieldsRow(trx, { agentId: revision.agent_id });
    if (!row || revision.company_name === null) throw new ApiError(404, LISTING_CHANGES.gone);
    const { office_lat: _lat, office_lng: _lng, ...current } = row;
    const change = sameFields(current, revision.before)
      ? { changed: false, revisionId: null, paths: [] }
      : await applyFields(trx, { agentId: revision.agent_id, before: current, after: revision.before, by: { kind: "staff", email: staff.email }, revertsId: revision.id, routing, at });
    await audit(trx, staff, "listing.reverted", `listing-revision:${revision.id}`, `agent:${revision.agent_id} ${revision.company_name}`);
    return { ...change, company: revision.company_name };
  });
}

// ---------------------------------------------------------------------------------------------
// The listing's own requests and proposals

/** The requests sent to the signed-in manager's listing (never another's). */
export async function ownRequests(db: Db, { cookie, agentId }: { cookie: string | undefined; agentId: number }) {
  await requireListingSession(db, { cookie, agentId });
  return managerRequests(db, { agentId, limit: 100 });
}

/**
 * A fresh private link to the proposal page of a request sent to the signed-in manager's listing
 * (the links mailed before are kept only as hashes): its token, or a 404 for a request that was
 * not sent to this listing.
 */
export async function ownProposalToken(db: Db, { cookie, agentId, leadId, now = Date.now() }: { cookie: string | undefined; agentId: number; leadId: number; now?: number }): Promise<string> {
  await requireListingSession(db, { cookie, agentId });
  if (!Number.isSafeInteger(leadId) || !(await isRecipient(db, { agentId, leadId }))) throw new ApiError(404, LISTING_SELF.notYourRequest);
  const token = newToken();
  await insertProposalToken(db, { tokenHash: hashToken(token), leadId, agentId, now: iso(now) });
  return token;
}

// ---------------------------------------------------------------------------------------------
// The site's own door to the above (its pages and server actions, on the site's database).

export const siteListingDb = async (): Promise<Db> => (await getDatabase()).db;
export const siteRouting = (): DeliveryRouting => configuredRouting();
