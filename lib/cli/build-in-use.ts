import fs from "node:fs";
import path from "node:path";

/**
 * Which running servers serve the build in a folder, so that nothing rebuilds it under them: a
 * build rewrites the folder in place, and a server reading it meanwhile answers 500s and pages of
 * the other build's origin and database. Each production server leaves a file
 * `managely-server.<pid>` in the folder it serves while it runs (removed when it stops); a file
 * whose process is gone (a crash, a kill -9) does not count.
 */
const PREFIX = "managely-server.";

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Marks `distDir` as served by this process until it exits; answers what removes the mark. */
export function markBuildInUse(distDir: string, pid = process.pid): () => void {
  const file = path.join(distDir, `${PREFIX}${pid}`);
  fs.writeFileSync(file, `${pid}\n`);
  const remove = () => fs.rmSync(file, { force: true });
  process.once("exit", remove);
  return remove;
}

/** The process ids of the running servers (other than this process) that serve the build in `distDir`. */
export function serversUsing(distDir: string): number[] {
  if (!fs.existsSync(distDir)) return [];
  return fs
    .readdirSync(distDir)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => Number(name.slice(PREFIX.length)))
    .filter((pid) => Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid));
}

/** The one line that refuses to build into `distDir` while a server serves it, or null when none does. */
export function buildInUseMessage(distDir: string): string | null {
  const pids = serversUsing(distDir);
  if (pids.length === 0) return null;
  return `the build in ${distDir} is in use by a running server (pid ${pids.join(", ")}): stop that server first, or build into another folder (NEXT_DIST_DIR=.next-other)`;
}
