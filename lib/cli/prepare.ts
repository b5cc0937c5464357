/**
 * Migrates the configured database and seeds it when it is empty. Runs before the server starts
 * (`npm start`, `npm run dev`); a build never opens the database (lib/cli/build.ts).
 */
import { configuredOperator, env } from "../env";
import { openDatabase } from "../db/connection";
import { prepareDatabase } from "../db/setup";
import { describeSeedReport } from "../db/seed";
import { writeBuildTsconfig } from "./build-tsconfig";

export async function prepare(): Promise<void> {
  writeBuildTsconfig(env().NEXT_DIST_DIR);
  const handle = openDatabase(env().DATABASE_URL);
  try {
    const started = Date.now();
    const { migrated, seeded, words } = await prepareDatabase(handle, { demo: env().SEED_DEMO === "1", operator: configuredOperator() });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (migrated.length) console.log(`[db] ${handle.location}: applied ${migrated.join(", ")}`);
    if (seeded) {
      for (const line of describeSeedReport(seeded)) console.log(`[db] seeded ${handle.location}: ${line}`);
      console.log(`[db] migrated and seeded in ${seconds} s`);
    } else {
      console.log(`[db] ${handle.location} is ready`);
    }
    const operator = configuredOperator();
    console.log(`[db] the site's own words: ${words.mode}${operator ? `, run by ${operator.name} <${operator.email}>` : ", no operator (OPERATOR_NAME, OPERATOR_EMAIL unset)"}${words.paths.length ? `; changed ${words.paths.join(", ")}` : ""}`);
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  prepare().catch((error: unknown) => {
    console.error(`[db] could not prepare the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
