import Link from "next/link";
import { MANAGERS_PAGE } from "@/lib/contract/operator-messages";
import { MANAGERS_UPLOAD_MAX_BYTES } from "@/lib/contract/managers-csv";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { managesListings, sampleListings } from "@/lib/service/workspace/managers";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { CsvExport } from "@/components/workspace/CsvExport";
import { ManagersImport } from "@/components/workspace/ManagersImport";
import { importAction, removeSamplesAction } from "../managers-actions";
import { requireStaff } from "../staff-session";
import { one } from "../filters";

export const metadata = { title: MANAGERS_PAGE.title };

type Props = { searchParams: Promise<{ remove?: string | string[]; removed?: string | string[] }> };

/** The managers CSV, for admins: import (a dry run first), export, and removing the sample listings. */
export default async function ManagersPage({ searchParams }: Props) {
  const staff = await requireStaff();
  if (!managesListings(staff.role)) {
    return (
      <>
        <h1>{MANAGERS_PAGE.title}</h1>
        <p className="ws-notice ws-notice--error">{MANAGERS_PAGE.onlyAdmins(staff.role)}</p>
      </>
    );
  }
  const query = await searchParams;
  const removed = one(query.removed) === "" ? null : Number(one(query.removed));
  return (
    <>
      <div className="ws-title-row">
        <h1>{MANAGERS_PAGE.title}</h1>
        <CsvExport action={WORKSPACE_PATHS.managersCsv} fields={{}} />
      </div>
      <p className="ws-lead">{MANAGERS_PAGE.lead}</p>
      <p className="ws-hint">{MANAGERS_PAGE.exportHint}</p>
      {removed !== null && Number.isSafeInteger(removed) && (
        <p className="ws-notice ws-notice--ok" role="status">
          {MANAGERS_PAGE.samplesRemoved(removed!)}
        </p>
      )}
      <ManagersImport action={importAction} maxBytes={MANAGERS_UPLOAD_MAX_BYTES} />
      <Samples confirming={one(query.remove) === "confirm"} />
    </>
  );
}

/** How many sample listings there are, and their removal: a confirmation naming the count first. */
async function Samples({ confirming }: { confirming: boolean }) {
  const { samples, real, refused } = await sampleListings(await workspaceDb(), await requireStaff());
  return (
    <section aria-labelledby="samples-heading">
      <h2 id="samples-heading">{MANAGERS_PAGE.samplesHeading}</h2>
      <div className="ws-panel ws-samples">
        <p>{samples === 0 ? MANAGERS_PAGE.noSamples : MANAGERS_PAGE.samplesCount(samples, real)}</p>
        {samples > 0 && refused && (
          <>
            <button type="button" className="button ws-button ws-button--danger" disabled aria-describedby="samples-refused">
              {MANAGERS_PAGE.removeSamplesButton}
            </button>
            <p id="samples-refused" className="ws-hint">
              {refused}
            </p>
          </>
        )}
        {samples > 0 && !refused && !confirming && (
          <Link href={`${WORKSPACE_PATHS.managers}?remove=confirm#samples-heading`} className="button ws-button ws-button--danger">
            {MANAGERS_PAGE.removeSamplesButton}
          </Link>
        )}
        {samples > 0 && !refused && confirming && (
          <ActionForm action={removeSamplesAction} label={MANAGERS_PAGE.removeSamplesConfirm(samples)}>
            <h3>{MANAGERS_PAGE.removeSamplesConfirm(samples)}</h3>
            <p className="ws-hint">{MANAGERS_PAGE.removeSamplesLead}</p>
            <input type="hidden" name="expected" value={samples} />
            <div className="ws-actions">
              <IntentButton variant="danger">{MANAGERS_PAGE.removeSamplesYes(samples)}</IntentButton>
              <Link href={WORKSPACE_PATHS.managers} className="button ws-button ws-button--outline">
                {MANAGERS_PAGE.cancel}
              </Link>
            </div>
          </ActionForm>
        )}
      </div>
    </section>
  );
}
