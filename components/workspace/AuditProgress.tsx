"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";

/**
 * Shown while the workspace reads, renders and audits every indexable page (about a second for
 * 20,000 on a small server, more on a large site): asks the server how far it got twice a
 * second, and shows the results once they are ready.
 */
type Progress = { phase: "reading" | "rendering" | "auditing"; done: number; total: number };
type Status = { ready: true } | { ready: false; progress: Progress | null };

const PHASES: Record<Progress["phase"], string> = {
  reading: "Reading every indexable page from the sitemap's list",
  rendering: "Writing each page's title and description",
  auditing: "Checking the rules across the site",
};

export function AuditProgress({ poll, initial }: { poll: () => Promise<Status>; initial: Progress | null }) {
  const router = useRouter();
  const [progress, setProgress] = useState<Progress | null>(initial);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const status = await poll();
        if (stopped) return;
        if (status.ready) return router.refresh();
        setProgress(status.progress);
      } catch {
        // A failed poll is tried again.
      }
      if (!stopped) timer = setTimeout(tick, 500);
    };
    timer = setTimeout(tick, 300);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [poll, router]);
  const phase = progress?.phase ?? "reading";
  return (
    <div className="ws-progress" role="status" aria-live="polite">
      <p>
        {PHASES[phase]}
        {progress && progress.total > 0 ? `: ${progress.done.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} pages` : "…"}
      </p>
      <progress max={progress?.total || 1} value={progress && progress.total > 0 ? progress.done : undefined} aria-label="Audit progress" />
    </div>
  );
}
