import { LOAD_FAILED } from "@/lib/contract/messages";

/** A load in the browser that failed: what could not be loaded, and a button that tries again. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>{what}</p>
      <button type="button" className="button button--outline" onClick={retry}>
        {LOAD_FAILED.retry}
      </button>
    </div>
  );
}
