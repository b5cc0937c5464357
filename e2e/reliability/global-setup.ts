import { ensureBuild } from "../support/production-site";
import { E2E_DIST_DIR } from "../support/server";
import { RELIABILITY_DIST_DIR } from "./servers";

/** Runs once before the reliability suites: they all serve one production build, made once. */
export default async function globalSetup(): Promise<void> {
  await ensureBuild(RELIABILITY_DIST_DIR, { copyFrom: E2E_DIST_DIR });
}
