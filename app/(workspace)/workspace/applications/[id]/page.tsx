import Link from "next/link";
import { notFound } from "next/navigation";
import { PROPERTY_CATEGORIES } from "@/lib/contract/site";
import { APPLICATION_STATUS_LABELS, LISTING_HINTS, NETWORK } from "@/lib/contract/operator-messages";
import { agentPath } from "@/lib/contract/routes";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { applicationDetail, decidesNetwork, listingLiveMessage } from "@/lib/service/workspace/network";
import { deployment } from "@/lib/service/workspace/deployment";
import type { ApplicationRecord, ListingMatch } from "@/lib/service/workspace/network";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { approveAction, declineAction, linkAction } from "../../network-actions";
import { requireStaff } from "../../staff-session";
import { StatusBadge, phoneText, when } from "../../network-ui";
import { parseRecordId } from "@/lib/contract/record-id";

export const metadata = { title: "Application" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ decided?: string }> };

/** One application: its facts, and while it is new, the listings it may duplicate, the listing it would become and the decline. */
export default async function ApplicationPage({ params, searchParams }: Props) {
  const staff = await requireStaff();
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  const detail = await applicationDetail(await workspaceDb(), { id });
  if (!detail) notFound();
  const { application, listing, matches } = detail;
  const decided = (await searchParams).decided;
  const decides = decidesNetwork(staff.role);
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.applications}>{NETWORK.applicationsTitle}</Link>
      </p>
      <h1>{NETWORK.applicationTitle(application.company_name)}</h1>
      {decided && application.status !== "new" && <DecidedNotice application={application} path={listing?.path ?? null} decided={decided} />}
      <ApplicationFacts application={application} listingPath={listing?.path ?? null} />
      {application.status === "new" && (
        <>
          {!decides && <p className="ws-hint">{NETWORK.readOnly(staff.role)}</p>}
          <Duplicates applicationId={application.id} matches={matches} decides={decides} />
          {decides && <ApproveSection application={application} />}
          {decides && <DeclineSection applicationId={application.id} />}
        </>
      )}
    </>
  );
}

function DecidedNotice({ application, path, decided }: { application: ApplicationRecord; path: string | null; decided: string }) {
  const message =
    application.status === "declined"
      ? NETWORK.declined
      : decided === "linked"
        ? NETWORK.linked(application.company_name, path ?? "")
        : `${NETWORK.approved(application.company_name, path ?? "")} ${listingLiveMessage(deployment())}`;
  return (
    <p className="ws-notice ws-notice--ok" role="status">
      {message}
    </p>
  );
}

function ApplicationFacts({ application, listingPath }: { application: ApplicationRecord; listingPath: string | null }) {
  return (
    <dl className="ws-facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={application.status} label={APPLICATION_STATUS_LABELS[application.status]} />{" "}
        {application.decided_at && application.decided_by && NETWORK.decidedBy(APPLICATION_STATUS_LABELS[application.status], application.decided_by, when(application.decided_at))}
      </dd>
      <dt>Company</dt>
      <dd>{application.company_name}</dd>
      <dt>Email</dt>
      <dd>{application.email}</dd>
      <dt>Mobile</dt>
      <dd>{phoneText(application.mobile, application.country_code)}</dd>
      <dt>Applied</dt>
      <dd>{when(application.created_at)}</dd>
      {application.decline_reason && (
        <>
          <dt>Reason</dt>
          <dd>{NETWORK.declinedBecause(application.decline_reason)}</dd>
        </>
      )}
      {listingPath && (
        <>
          <dt>{NETWORK.listingOf}</dt>
          <dd>
            <a href={listingPath}>{listingPath}</a>
          </dd>
        </>
      )}
    </dl>
  );
}

function Duplicates({ applicationId, matches, decides }: { applicationId: number; matches: ListingMatch[]; decides: boolean }) {
  return (
    <section aria-labelledby="duplicates-heading" className="ws-panel">
      <h2 id="duplicates-heading">{NETWORK.duplicatesHeading}</h2>
      {matches.length === 0 ? (
        <p>{NETWORK.noDuplicates}</p>
      ) : (
        <>
          <p>{NETWORK.duplicatesLead}</p>
          <ul className="ws-duplicates">
            {matches.map((match) => (
              <li key={match.id}>
                <a href={agentPath({ state: match.state, city_slug: match.city_slug, agent_id: match.id })}>{match.company_name}</a> ({match.city}, {match.state}
                {match.is_demo === 1 ? ", sample" : ""}): {NETWORK.matchedBy(match.matched)}
                {decides && (
                  <ActionForm action={linkAction} className="ws-inline-form" label={`Link to ${match.company_name}`}>
                    <input type="hidden" name="application_id" value={applicationId} />
                    <input type="hidden" name="agent_id" value={match.id} />
                    <IntentButton variant="outline">Link to this listing</IntentButton>
                  </ActionForm>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Field({ name, label, defaultValue = "", type = "text", hint }: { name: string; label: string; defaultValue?: string; type?: string; hint?: string }) {
  return (
    <div className="field">
      <label htmlFor={`listing-${name}`}>{label}</label>
      <input id={`listing-${name}`} name={name} type={type} defaultValue={defaultValue} aria-describedby={hint ? `listing-${name}-hint` : undefined} />
      {hint && (
        <p id={`listing-${name}-hint`} className="ws-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function ApproveSection({ application }: { application: ApplicationRecord }) {
  return (
    <section aria-labelledby="approve-heading">
      <h2 id="approve-heading">{NETWORK.approveHeading}</h2>
      <p className="ws-lead">{NETWORK.approveLead}</p>
      <ActionForm action={approveAction} className="ws-panel ws-listing-form" label={NETWORK.approveHeading}>
        <input type="hidden" name="application_id" value={application.id} />
        <Field name="company_name" label="Company name" defaultValue={application.company_name} />
        <Field name="contact_name" label="Contact name" hint={LISTING_HINTS.contact_name} />
        <Field name="email" label="Email" type="email" defaultValue={application.email} />
        <Field name="phone" label="Phone" type="tel" defaultValue={application.country_code === 1 ? application.mobile : ""} />
        <Field name="office_address" label="Office address" />
        <Field name="office_city" label="Office city" hint={LISTING_HINTS.office_city} />
        <Field name="office_state" label="Office state" hint={LISTING_HINTS.office_state} />
        <Field name="office_zip" label="Office ZIP code" />
        <Field name="service_zips" label="Service ZIP codes" hint={LISTING_HINTS.service_zips} />
        <fieldset className="ws-choices">
          <legend>Property categories</legend>
          {PROPERTY_CATEGORIES.map((category) => (
            <label key={category.id}>
              <input type="checkbox" name="categories" value={category.id} /> {category.label}
            </label>
          ))}
        </fieldset>
        <Field name="management_fee" label="Management fee" hint={LISTING_HINTS.management_fee} />
        <Field name="leasing_fee" label="Leasing fee" hint={LISTING_HINTS.leasing_fee} />
        <Field name="setup_fee" label="Setup fee" hint={LISTING_HINTS.setup_fee} />
        <Field name="renewal_fee" label="Renewal fee" hint={LISTING_HINTS.renewal_fee} />
        <div className="field">
          <label htmlFor="listing-about">About</label>
          <textarea id="listing-about" name="about" rows={5} />
        </div>
        {/* Always offered: the edited email, phone or name may match a listing the application's own did not. */}
        <label className="ws-check">
          <input type="checkbox" name="allow_duplicates" value="1" /> {NETWORK.createAnyway}
        </label>
        <IntentButton>Approve and publish the listing</IntentButton>
      </ActionForm>
    </section>
  );
}

function DeclineSection({ applicationId }: { applicationId: number }) {
  return (
    <section aria-labelledby="decline-heading">
      <h2 id="decline-heading">{NETWORK.declineHeading}</h2>
      <ActionForm action={declineAction} className="ws-panel" label={NETWORK.declineHeading}>
        <input type="hidden" name="application_id" value={applicationId} />
        <div className="field">
          <label htmlFor="decline-reason">Reason</label>
          <textarea id="decline-reason" name="reason" rows={3} aria-describedby="decline-reason-hint" />
          <p id="decline-reason-hint" className="ws-hint">
            {NETWORK.declineLead}
          </p>
        </div>
        <IntentButton variant="danger">Decline and email the applicant</IntentButton>
      </ActionForm>
    </section>
  );
}
