import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import Link from "next/link";
import { cookies } from "next/headers";
import { forbidden, notFound } from "next/navigation";
import { categoryLabel } from "@/lib/contract/site";
import { agentPath } from "@/lib/contract/routes";
import { parseRecordId } from "@/lib/contract/record-id";
import { ApiError } from "@/lib/contract/errors";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { LISTING_SESSION_COOKIE, formValuesOf, maskedEmail, yourListingPath } from "@/lib/contract/listing-self-service";
import { listingFields, ownRequests, requireListingSession, siteListingDb, type ManagerRequestRecord } from "@/lib/service/listing-self-service";
import { PageShell } from "@/components/layout/PageShell";
import { ListingEditForm } from "../../listing-edit-form";
import { openProposalAction, signOutAction } from "../../actions";
import "@/styles/listing.css";

/**
 * /your-listing/{id}/edit: the signed-in manager's page of its own listing: its fees, services,
 * about text and service ZIP codes, and the requests sent to it with their proposal pages. Only
 * the listing the session was opened for: another listing's number is a 403, no session a sign-in
 * notice. Private (routes.ts isPrivatePath): no-store, noindex, no referrer, in no sitemap.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata("Your listing");

export default async function YourListingEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const agentId = parseRecordId(id);
  if (agentId === null) notFound();
  const db = await siteListingDb();
  const cookie = (await cookies()).get(LISTING_SESSION_COOKIE)?.value;
  let listing;
  try {
    listing = await requireListingSession(db, { cookie, agentId });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) forbidden();
    if (error.status === 404) notFound();
    return (
      <PageShell title={LISTING_SELF.signInTitle} newsletter={false}>
        <div className="container section your-listing">
          <p>{LISTING_SELF.signInNeeded}</p>
          <p>
            <Link href={yourListingPath(agentId)}>{LISTING_SELF.askAgain}</Link>
          </p>
        </div>
      </PageShell>
    );
  }
  const [fields, requests] = await Promise.all([listingFields(db, { agentId }), ownRequests(db, { cookie, agentId })]);
  return (
    <PageShell title={LISTING_SELF.editTitle(listing.company_name)} newsletter={false}>
      <div className="container section your-listing">
        <div className="your-listing__session">
          <p>{LISTING_SELF.signedInAs(maskedEmail(listing.email))}</p>
          <Link href={agentPath({ state: listing.state, city_slug: listing.city_slug, agent_id: listing.id })}>{LISTING_SELF.viewProfile}</Link>
          <form action={signOutAction}>
            <input type="hidden" name="agent_id" value={listing.id} />
            <button type="submit" className="button button--outline">
              {LISTING_SELF.signOut}
            </button>
          </form>
        </div>
        <ListingEditForm agentId={listing.id} values={formValuesOf(fields)} />
        <OwnRequests agentId={listing.id} requests={requests} />
      </div>
    </PageShell>
  );
}

/** The requests owners sent to this listing, each with a button that opens its proposal page. */
function OwnRequests({ agentId, requests }: { agentId: number; requests: ManagerRequestRecord[] }) {
  return (
    <section aria-labelledby="your-requests" className="your-listing__requests">
      <h2 id="your-requests">{LISTING_SELF.requestsHeading}</h2>
      {requests.length === 0 ? (
        <p>{LISTING_SELF.requestsNone}</p>
      ) : (
        <ul>
          {requests.map((request) => (
            <li key={request.lead_id}>
              <p>
                <strong>{request.reference ?? `#${request.lead_id}`}</strong>: {categoryLabel(request.property_category) ?? ""} in {request.property_city} {request.property_zip},{" "}
                {request.created_at.slice(0, 10)}
              </p>
              <p>
                {request.withdrawn_at
                  ? LISTING_SELF.withdrawn
                  : request.decision
                    ? LISTING_SELF.decided[request.decision]
                    : request.proposal_revision
                      ? LISTING_SELF.proposalSent(request.proposal_revision)
                      : LISTING_SELF.noProposal}
              </p>
              {!request.withdrawn_at && (
                <form action={openProposalAction}>
                  <input type="hidden" name="agent_id" value={agentId} />
                  <input type="hidden" name="lead_id" value={request.lead_id} />
                  <button type="submit" className="button button--outline">
                    {LISTING_SELF.openProposal}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
