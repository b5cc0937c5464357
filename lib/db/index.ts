import { configuredOperator, env, isBuilding } from "../env";
import { IN_MEMORY, openDatabase, type DatabaseHandle } from "./connection";
import { prepareDatabase } from "./setup";

/**
 * The process-wide database of the running site, configured by DATABASE_URL. The first use
 * migrates it and, when empty, seeds it, so a server started without `npm start` still works.
 */
let handle: DatabaseHandle | undefined;
let ready: Promise<DatabaseHandle> | undefined;

export function getDatabase(): Promise<DatabaseHandle> {
  if (!ready && isBuilding()) {
    // `next build` renders its static pages once, then throws them away (the page store never
    // serves them): from a database in memory holding only what the repository seeds, so a
    // build never opens the site's own (lib/env.ts, isBuilding).
    const scratch = openDatabase(IN_MEMORY);
    ready = prepareDatabase(scratch, { demo: false }).then(() => scratch);
  }
  if (!ready) {
    handle = openDatabase(env().DATABASE_URL);
    const opened = handle;
    ready = prepareDatabase(opened, { demo: env().SEED_DEMO === "1", operator: configuredOperator() }).then(
      () => opened,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
  }
  return ready;
}
