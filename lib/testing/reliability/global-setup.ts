import { ensureProductionBuild } from "./build";

/** Runs once before the reliability suites: they all serve the same production build. */
export default async function globalSetup(): Promise<void> {
  await ensureProductionBuild();
}
