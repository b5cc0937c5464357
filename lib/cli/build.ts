/**
 * `npm run build`: prepares the database (pages are prerendered from it), builds the site with
 * `next build` into NEXT_DIST_DIR, and stamps the build with what it was made from
 * (build-stamp.ts), so that `npm start` knows when it is out of date.
 */
import { spawn } from "node:child_process";
import { buildSettings, env } from "../env";
import { readBuildInputs, writeBuildStamp } from "./build-stamp";
import { buildInUseMessage } from "./build-in-use";
import { prepare } from "./prepare";

const nextBin = require.resolve("next/dist/bin/next");

/** Runs the Next.js command line, passing Ctrl-C and SIGTERM on; answers its exit code. */
export function runNext(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin, ...args], { stdio: "inherit", env: process.env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Builds the site; `prepared` when the database was just prepared. Answers next build's exit code. */
export async function build({ prepared = false }: { prepared?: boolean } = {}): Promise<number> {
  // Never rebuild a folder in place under a running server (build-in-use.ts).
  const inUse = buildInUseMessage(env().NEXT_DIST_DIR);
  if (inUse) {
    console.error(`[build] ${inUse}`);
    return 1;
  }
  if (!prepared) await prepare();
  // The inputs as the build begins: a file changed while it runs makes the next start build again.
  const inputs = readBuildInputs(process.cwd(), buildSettings());
  const code = await runNext(["build"]);
  if (code === 0) writeBuildStamp(env().NEXT_DIST_DIR, inputs);
  return code;
}

if (require.main === module) {
  build().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
