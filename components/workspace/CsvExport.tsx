"use client";

import { useState } from "react";
import { CSV_EXPORT_STATUS as CSV_EXPORT, CSV_ROWS_HEADER } from "@/lib/contract/staff-csv";

type Progress = { state: "idle" } | { state: "preparing"; rows: number; total: number | null } | { state: "ready"; rows: number } | { state: "failed" };

/** Reads the streamed CSV, counting its lines as they arrive; answers its chunks and row count. */
async function readCsv(response: Response, onRows: (rows: number) => void): Promise<{ chunks: BlobPart[]; rows: number }> {
  const reader = response.body!.getReader();
  const chunks: BlobPart[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    onRows(Math.max(0, lines - 1));
  }
  return { chunks, rows: Math.max(0, lines - 1) };
}

function saveAs(chunks: BlobPart[], filename: string) {
  const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Export CSV": a GET form, so it downloads without JavaScript too; with it, the file is fetched
 * here and the status line (aria-live) says "Preparing the CSV…", then how many rows have come,
 * then that it is ready. `fields` are the list's filters, sent as the form's query.
 */
export function CsvExport({ action, fields }: { action: string; fields: Record<string, string> }) {
  const [progress, setProgress] = useState<Progress>({ state: "idle" });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProgress({ state: "preparing", rows: 0, total: null });
    try {
      const response = await fetch(`${action}?${new URLSearchParams(fields)}`, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const total = Number(response.headers.get(CSV_ROWS_HEADER)) || null;
      const { chunks, rows } = await readCsv(response, (rows) => setProgress({ state: "preparing", rows, total }));
      const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "managely-pages.csv";
      saveAs(chunks, filename);
      setProgress({ state: "ready", rows });
    } catch {
      setProgress({ state: "failed" });
    }
  }

  const busy = progress.state === "preparing";
  const message =
    progress.state === "preparing"
      ? progress.total === null
        ? CSV_EXPORT.preparing
        : CSV_EXPORT.progress(progress.rows, progress.total)
      : progress.state === "ready"
        ? CSV_EXPORT.ready(progress.rows)
        : progress.state === "failed"
          ? CSV_EXPORT.failed
          : "";
  return (
    <form className="ws-export" method="get" action={action} onSubmit={onSubmit} aria-busy={busy}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button ws-button ws-button--outline" disabled={busy}>
        {CSV_EXPORT.button}
      </button>
      <p className={progress.state === "failed" ? "ws-export__status ws-export__status--error" : "ws-export__status"} role="status" aria-live="polite">
        {message}
      </p>
    </form>
  );
}
