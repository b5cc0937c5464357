"use client";

import { useActionState, useState } from "react";
import { IMPORT_WORDS, MANAGERS_PAGE } from "@/lib/contract/operator-messages";
import type { ImportExample, ImportReport } from "@/lib/contract/managers-csv";
import { IntentButton } from "./ActionForm";

/**
 * The Managers page's import: a file's dry run (its counts, the first rows of each outcome and
 * every problem, in the words of `npm run managers`), then "Apply this import", which sends the
 * SHA-256 of the file the dry run read: the server applies that file or nothing. Works without
 * JavaScript too (the action runs and the page is rendered again with its answer).
 */
export type ImportState =
  | null
  | { step: "refused"; message: string }
  | { step: "dry-run" | "applied"; report: ImportReport; sha256: string; fileName: string };

type Action = (state: ImportState, formData: FormData) => Promise<ImportState>;

export function ManagersImport({ action, maxBytes }: { action: Action; maxBytes: number }) {
  const [state, formAction] = useActionState(action, null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  // The server refuses it too; here the browser keeps a file past the bound from being sent at all.
  function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const message = file && file.size > maxBytes ? MANAGERS_PAGE.tooLarge(file.size, maxBytes) : null;
    event.currentTarget.setCustomValidity(message ?? "");
    setTooLarge(message);
  }

  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">{MANAGERS_PAGE.uploadHeading}</h2>
      <form action={formAction} className="ws-panel ws-import-form" aria-label={MANAGERS_PAGE.uploadHeading}>
        <input type="hidden" name="intent" value="dry-run" />
        <div className="field">
          <label htmlFor="managers-file">{MANAGERS_PAGE.fileLabel}</label>
          <input id="managers-file" name="file" type="file" accept=".csv,text/csv" required onChange={onFile} aria-describedby="managers-file-hint" />
          <p id="managers-file-hint" className="ws-hint">
            {MANAGERS_PAGE.fileHint(maxBytes)}
          </p>
        </div>
        {tooLarge && (
          <p className="ws-notice ws-notice--error" role="alert">
            {tooLarge}
          </p>
        )}
        <IntentButton>{MANAGERS_PAGE.checkButton}</IntentButton>
      </form>
      {state?.step === "refused" && (
        <p className="ws-notice ws-notice--error" role="alert">
          {state.message}
        </p>
      )}
      {state?.step === "dry-run" && <DryRun state={state} action={formAction} />}
      {state?.step === "applied" && <Applied state={state} />}
    </section>
  );
}

type Checked = Extract<NonNullable<ImportState>, { step: "dry-run" | "applied" }>;

function DryRun({ state, action }: { state: Checked; action: (formData: FormData) => void }) {
  const { report, sha256, fileName } = state;
  return (
    <div className="ws-panel ws-import-result" aria-labelledby="dry-run-heading">
      <h3 id="dry-run-heading">{MANAGERS_PAGE.dryRunHeading(fileName)}</h3>
      <p role="status">{MANAGERS_PAGE.dryRunSummary(IMPORT_WORDS.counts(report))}</p>
      <Outcomes report={report} step="dry-run" />
      <Problems report={report} />
      {report.problems.length > 0 ? (
        <p className="ws-notice ws-notice--error">{MANAGERS_PAGE.cannotApply(report.problems.length)}</p>
      ) : report.added + report.changed === 0 ? (
        <p className="ws-notice ws-notice--ok">{MANAGERS_PAGE.nothingToApply}</p>
      ) : (
        <form action={action} className="ws-import-apply" aria-label={MANAGERS_PAGE.applyButton}>
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="sha256" value={sha256} />
          <input type="hidden" name="file_name" value={fileName} />
          <p className="ws-hint">{MANAGERS_PAGE.applyLead(fileName, sha256)}</p>
          <IntentButton>{MANAGERS_PAGE.applyButton}</IntentButton>
        </form>
      )}
    </div>
  );
}

function Applied({ state }: { state: Checked }) {
  const { report, fileName } = state;
  return (
    <div className="ws-panel ws-import-result">
      {report.applied ? (
        <p className="ws-notice ws-notice--ok" role="status">
          {MANAGERS_PAGE.applied(fileName, report.added, report.changed, report.unchanged, report.paths)}
        </p>
      ) : (
        <p className="ws-notice ws-notice--error" role="alert">
          {MANAGERS_PAGE.notApplied(fileName, IMPORT_WORDS.counts(report))}
        </p>
      )}
      <Outcomes report={report} step="applied" />
      <Problems report={report} />
    </div>
  );
}

const OUTCOMES = ["added", "changed", "unchanged"] as const;

/** The first rows of each outcome, under its count. */
function Outcomes({ report, step }: { report: ImportReport; step: Checked["step"] }) {
  return OUTCOMES.filter((outcome) => report[outcome] > 0 && report.examples[outcome].length > 0).map((outcome) => (
    <section key={outcome} className="ws-import-outcome" aria-labelledby={`outcome-${outcome}`}>
      <h4 id={`outcome-${outcome}`}>
        {MANAGERS_PAGE.examplesHeading[step][outcome]}: {report[outcome].toLocaleString("en-US")}
      </h4>
      {MANAGERS_PAGE.examplesFirst(report.examples[outcome].length, report[outcome]) && <p className="ws-hint">{MANAGERS_PAGE.examplesFirst(report.examples[outcome].length, report[outcome])}</p>}
      <ul className="ws-import-rows">
        {report.examples[outcome].map((row) => (
          <li key={row.line}>
            <ExampleRow row={row} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

function ExampleRow({ row }: { row: ImportExample }) {
  return (
    <>
      <span className="ws-import-line">line {row.line}</span> <strong>{row.company_name}</strong> <span className="ws-hint">({row.external_id}), {row.office_city}, {row.office_state}</span>
    </>
  );
}

/** Every problem, one a line, as the command prints them. */
function Problems({ report }: { report: ImportReport }) {
  if (report.problems.length === 0) return null;
  return (
    <section className="ws-import-outcome" aria-labelledby="import-problems">
      <h4 id="import-problems">{MANAGERS_PAGE.problemsHeading(report.problems.length)}</h4>
      <ul className="ws-import-problems">
        {report.problems.map((problem, index) => (
          <li key={index}>{IMPORT_WORDS.problem(problem)}</li>
        ))}
      </ul>
    </section>
  );
}
