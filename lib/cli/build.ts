/**
 * `npm run build`: builds the site with `next build` into NEXT_DIST_DIR and stamps the build with
 * the files it was made from (build-stamp.ts), so that `npm start` knows when it is out of date.
 * It opens no database and reads no SITE_URL (isBuilding in lib/env.ts): one build serves any.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildEnv } from "../env";
import { readBuildInputs, writeBuildStamp } from "./build-stamp";
import { buildInUseMessage } from "./build-in-use";
import { writeBuildTsconfig } from "./build-tsconfig";
import { precompressStaticFiles } from "../server/static-files";
import { nextBin } from "../server/next-internals";

/** Runs the Next.js command line, passing Ctrl-C and SIGTERM on; answers its exit code. */
export function runNext(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin(), ...args], { stdio: "inherit", env: process.env });
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

/** Builds the site; answers next build's exit code. */
export async function build(): Promise<number> {
  // Never rebuild a folder in place under a running server (build-in-use.ts).
  const inUse = buildInUseMessage(buildEnv().NEXT_DIST_DIR);
  if (inUse) {
    console.error(`[build] ${inUse}`);
    return 1;
  }
  writeBuildTsconfig(buildEnv().NEXT_DIST_DIR);
  // The inputs as the build begins: a file changed while it runs makes the next start build again.
  const inputs = readBuildInputs(process.cwd());
  const code = await runNext(["build"]);
  if (code !== 0) return code;
  // Compressed here, once, as hard as brotli and gzip go: a server never writes into its build.
  const compressed = await precompressStaticFiles(path.join(buildEnv().NEXT_DIST_DIR, "static"));
  console.log(`[build] compressed ${compressed.files} build files (${Math.round(compressed.before / 1024)} KB → ${Math.round(compressed.after / 1024)} KB with brotli)`);
  writeBuildStamp(buildEnv().NEXT_DIST_DIR, inputs);
  return 0;
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
