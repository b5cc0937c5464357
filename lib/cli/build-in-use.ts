import fs from "node:fs";
import path from "node:path";

/**
 * Which running servers serve the build in a folder, so that nothing rebuilds it under them: a
 * build rewrites the folder in place, and a server reading it meanwhile answers 500s and pages of
 * the other build's origin and database. Each production server leaves a file
 * `managely-server.<pid>` in the folder it serves while it runs (removed when it stops); a file
 * whose process is gone (a crash, a kill -9) does not count.
 */
/** The name of a running server's mark in the folder it serves starts with this. */
export const IN_USE_MARK_PREFIX = "managely-server.";
const PREFIX = IN_USE_MARK_PREFIX;

/**
 * When a process started (Linux: /proc/<pid>/stat's 22nd field, in clock ticks since boot), so
 * that a mark whose process is gone and whose pid was given to another process does not count;
 * empty where there is no /proc.
 */
function startTimeOf(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (2nd field) may hold spaces: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

const isRunning = (pid: number, started: string) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return started === "" || startTimeOf(pid) === started;
};

/** Marks `distDir` as served by process `pid` (this one) until it exits; answers what removes the mark. */
export function markBuildInUse(distDir: string, pid = process.pid): () => void {
  const file = path.join(distDir, `${PREFIX}${pid}`);
  fs.writeFileSync(file, `${pid} ${startTimeOf(pid)}\n`);
  const remove = () => fs.rmSync(file, { force: true });
  process.once("exit", remove);
  return remove;
}

/**
 * The process ids of the running servers (other than this process) that serve the build in
 * `distDir`. Marks left by servers that are gone (killed with SIGKILL, a crash) are removed.
 */
export function serversUsing(distDir: string): number[] {
  if (!fs.existsSync(distDir)) return [];
  const running: number[] = [];
  for (const name of fs.readdirSync(distDir).filter((entry) => entry.startsWith(PREFIX))) {
    const file = path.join(distDir, name);
    let mark: string;
    try {
      mark = fs.readFileSync(file, "utf8");
    } catch {
      continue; // removed meanwhile: its server stopped
    }
    const [pidText, started = ""] = mark.trim().split(" ");
    const pid = Number(pidText);
    if (!Number.isSafeInteger(pid) || pid <= 0 || !isRunning(pid, started)) fs.rmSync(file, { force: true });
    else if (pid !== process.pid) running.push(pid);
  }
  return running;
}

/** The one line that refuses to build into `distDir` while a server serves it, or null when none does. */
export function buildInUseMessage(distDir: string): string | null {
  const pids = serversUsing(distDir);
  if (pids.length === 0) return null;
  return `the build in ${distDir} is in use by a running server (pid ${pids.join(", ")}): stop that server first, or build into another folder (NEXT_DIST_DIR=.next-other)`;
}
