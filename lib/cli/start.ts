/**
 * `npm start`: prepares the database, builds the site when there is no build or when the one
 * there was made from other sources, lock file or configuration (build-stamp.ts;
 * it says so in one line), then serves it on PORT (3000) with the production server of
 * lib/server. A fresh machine needs nothing else, and after a `git pull` it never serves the old
 * site; an unchanged tree starts at once. It never rebuilds a folder a running server serves
 * (build-in-use.ts): it refuses in one line saying what to do.
 */
import { env } from "../env";
import { startServer } from "../server";
import { readBuildInputs, staleBuildReason } from "./build-stamp";
import { build } from "./build";
import { buildInUseMessage } from "./build-in-use";
import { prepare } from "./prepare";

async function main() {
  await prepare();
  const stale = staleBuildReason(env().NEXT_DIST_DIR, readBuildInputs(process.cwd()));
  if (stale) {
    const inUse = buildInUseMessage(env().NEXT_DIST_DIR);
    if (inUse) {
      console.error(`[start] ${stale}, and ${inUse}`);
      process.exit(1);
    }
    console.log(`[start] ${stale}: building (a minute or two)`);
    const code = await build();
    if (code !== 0) process.exit(code);
  }
  await startServer();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
