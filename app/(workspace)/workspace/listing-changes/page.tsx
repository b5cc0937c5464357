import Link from "next/link";
import { agentPath } from "@/lib/contract/routes";
import { LISTING_CHANGES, LISTING_FIELD_LABELS } from "@/lib/contract/listing-messages";
import { LISTING_CHANGES_PATH, LISTING_FIELD_KEYS, type ListingFields } from "@/lib/contract/listing-self-service";
import { categoryLabel, serviceLabel } from "@/lib/contract/site";
import { workspaceDb } from "@/lib/service/workspace";
import { listingChangesPage, revertsListings, type ListingRevisionRecord } from "@/lib/service/listing-self-service";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { requireStaff } from "../staff-session";
import type { ListQuery } from "../filters";
import { ListPager, pagingFrom, when } from "../network-ui";
import { revertListingAction } from "./actions";

export const metadata = { title: LISTING_CHANGES.title };

type Props = { searchParams: Promise<ListQuery> };

/** Every change managers made to their own listing, and every revert, newest first: field by field, with a Revert for admins and operators. */
export default async function ListingChangesPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const { page } = pagingFrom(await searchParams);
  const list = await listingChangesPage(await workspaceDb(), { page });
  const reverts = revertsListings(staff.role);
  return (
    <>
      <h1>{LISTING_CHANGES.title}</h1>
      <p className="ws-lead">{LISTING_CHANGES.intro}</p>
      {!reverts && <p className="ws-notice">{LISTING_CHANGES.readOnly(staff.role)}</p>}
      {list.total === 0 && <p className="ws-count">{LISTING_CHANGES.none}</p>}
      <ol className="ws-changes">
        {list.rows.map((revision) => (
          <li key={revision.id} className="ws-change" aria-labelledby={`change-${revision.id}`}>
            <h2 id={`change-${revision.id}`}>
              #{revision.id}{" "}
              {revision.company_name && revision.state && revision.city_slug ? (
                <Link href={agentPath({ state: revision.state, city_slug: revision.city_slug, agent_id: revision.agent_id })}>{revision.company_name}</Link>
              ) : (
                `agent ${revision.agent_id}`
              )}
            </h2>
            <p>
              {when(revision.created_at)}, by {revision.by_kind === "staff" ? LISTING_CHANGES.byStaff(revision.by_email) : LISTING_CHANGES.byManager(revision.by_email)}
              {revision.reverts_id !== null && `. ${LISTING_CHANGES.reverts(revision.reverts_id)}`}
            </p>
            <ChangedFields revision={revision} />
            {reverts && revision.company_name && (
              <ActionForm action={revertListingAction} className="ws-inline-form" label={`${LISTING_CHANGES.revert} #${revision.id}`}>
                <input type="hidden" name="revision_id" value={revision.id} />
                <IntentButton variant="outline">{`${LISTING_CHANGES.revert} #${revision.id}`}</IntentButton>
              </ActionForm>
            )}
          </li>
        ))}
      </ol>
      <ListPager base={LISTING_CHANGES_PATH} params={{}} page={list.page} lastPage={list.lastPage} label="Pages of the listing changes" />
    </>
  );
}

/** A field's value as staff read it. */
function shown(key: keyof ListingFields, fields: ListingFields): string {
  const value = fields[key];
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) return LISTING_CHANGES.none_value;
  if (key === "categories") return (value as number[]).map((id) => categoryLabel(id) ?? String(id)).join(", ");
  if (key === "services") return (value as string[]).map((id) => serviceLabel(id) ?? id).join(", ");
  if (key === "management_fee_percent" || key === "leasing_fee_percent") return `${value}%`;
  if (key === "management_fee_flat" || key === "setup_fee" || key === "renewal_fee") return `$${value}`;
  if (key === "service_radius_miles") return LISTING_CHANGES.miles(value as number);
  if (key === "service_zips") return (value as string).split(";").join(", ");
  return String(value);
}

/** Only the fields the change changed: before and after. */
function ChangedFields({ revision }: { revision: ListingRevisionRecord }) {
  const changed = LISTING_FIELD_KEYS.filter((key) => JSON.stringify(revision.before[key]) !== JSON.stringify(revision.after[key]));
  return (
    <dl className="ws-change__fields">
      {changed.map((key) => (
        <div key={key}>
          <dt>{LISTING_FIELD_LABELS[key]}</dt>
          <dd>
            <del>{shown(key, revision.before)}</del> → <ins>{shown(key, revision.after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
