"use client";

import { useActionState } from "react";
import { REDIRECTS_PAGE } from "@/lib/contract/redirect-messages";
import { REDIRECTS_CSV_PROBLEMS_SHOWN, type CsvProblem } from "@/lib/contract/redirects";
import { IntentButton } from "./ActionForm";

/**
 * Workspace → Redirects' CSV import: a dry run of the file (what it would add and replace, and
 * every problem by its line), then "Apply this import", which sends back the text the dry run read
 * and its SHA-256: the server checks it again and applies all of it or nothing.
 */
export type RedirectsImportState =
  | null
  | { step: "refused"; message: string }
  | { step: "dry-run" | "applied"; added: number; replaced: number; problems: CsvProblem[]; sha256: string; text: string; fileName: string };

type Action = (state: RedirectsImportState, formData: FormData) => Promise<RedirectsImportState>;

export function RedirectsImport({ action, maxBytes }: { action: Action; maxBytes: number }) {
  const [state, formAction] = useActionState(action, null);
  const maxKb = maxBytes / 1024;
  return (
    <section aria-labelledby="redirects-import-heading">
      <h2 id="redirects-import-heading">{REDIRECTS_PAGE.importHeading}</h2>
      <form action={formAction} className="ws-panel ws-import-form" aria-label={REDIRECTS_PAGE.importHeading}>
        <input type="hidden" name="intent" value="dry-run" />
        <div className="field">
          <label htmlFor="redirects-file">{REDIRECTS_PAGE.fileLabel}</label>
          <input id="redirects-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="redirects-file-hint" />
          <p id="redirects-file-hint" className="ws-hint">
            {REDIRECTS_PAGE.fileHint(maxKb)}
          </p>
        </div>
        <IntentButton>{REDIRECTS_PAGE.checkButton}</IntentButton>
      </form>
      {state?.step === "refused" && (
        <p className="ws-notice ws-notice--error" role="alert">
          {state.message}
        </p>
      )}
      {state?.step === "dry-run" && (
        <div className="ws-panel ws-import-result" role="region" aria-label={REDIRECTS_PAGE.dryRunHeading(state.fileName)}>
          <h3>{REDIRECTS_PAGE.dryRunHeading(state.fileName)}</h3>
          <p>{REDIRECTS_PAGE.dryRunCounts(state.added, state.replaced)}</p>
          {state.problems.length > 0 ? (
            <>
              <h4>{REDIRECTS_PAGE.problemsHeading(state.problems.length)}</h4>
              {state.problems.length > REDIRECTS_CSV_PROBLEMS_SHOWN && <p>{REDIRECTS_PAGE.problemsFirst(REDIRECTS_CSV_PROBLEMS_SHOWN, state.problems.length)}</p>}
              <ul className="ws-import-problems">
                {state.problems.slice(0, REDIRECTS_CSV_PROBLEMS_SHOWN).map((problem) => (
                  <li key={`${problem.line}:${problem.message}`}>{REDIRECTS_PAGE.problemLine(problem.line, problem.message)}</li>
                ))}
              </ul>
              <p className="ws-notice ws-notice--error" role="alert">
                {REDIRECTS_PAGE.cannotApply}
              </p>
            </>
          ) : (
            <form action={formAction} aria-label={REDIRECTS_PAGE.applyButton}>
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="sha256" value={state.sha256} />
              <input type="hidden" name="file_name" value={state.fileName} />
              <textarea name="text" defaultValue={state.text} hidden readOnly aria-hidden="true" />
              <IntentButton>{REDIRECTS_PAGE.applyButton}</IntentButton>
            </form>
          )}
        </div>
      )}
      {state?.step === "applied" && (
        <p className="ws-notice ws-notice--ok" role="status">
          {REDIRECTS_PAGE.applied(state.added, state.replaced)}
        </p>
      )}
    </section>
  );
}
