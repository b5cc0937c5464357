import { WORKSPACE } from "@/lib/contract/staff";

/** Shown at once while the server works out what a rollback changes (every page a template governs). */
export default function RollbackLoading() {
  return (
    <p className="ws-notice" role="status">
      {WORKSPACE.rollbackWorking}
    </p>
  );
}
