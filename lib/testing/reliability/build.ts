import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_DIST_DIR } from "../../../e2e/support/server";

/**
 * The production build the reliability servers run. Serving writes regenerated pages into the
 * build folder (server/route-cache), so the suites never serve the end-to-end build in place:
 * they serve a private copy of it, or, when there is none, a build of their own.
 */
export const REPO_ROOT = path.resolve(__dirname, "../../..");
export const RELIABILITY_DIST_DIR = ".next-reliability";
const SOURCE_MARKER = "RELIABILITY_SOURCE";
const BUILD_TIMEOUT_MS = 15 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inRepo = (...parts: string[]) => path.join(REPO_ROOT, ...parts);

/** A finished build: `next build` writes these last and removes its lock when done. */
export function isCompleteBuild(distDir: string): boolean {
  const required = ["BUILD_ID", "prerender-manifest.json", "routes-manifest.json", "required-server-files.json"];
  return required.every((file) => fs.existsSync(inRepo(distDir, file))) && !fs.existsSync(inRepo(distDir, "lock"));
}

/** Locked by `next build`, or unfinished and changed within the last minute. */
function isBeingBuilt(distDir: string): boolean {
  if (fs.existsSync(inRepo(distDir, "lock"))) return true;
  if (isCompleteBuild(distDir) || !fs.existsSync(inRepo(distDir))) return false;
  return Date.now() - fs.statSync(inRepo(distDir)).mtimeMs < 60_000;
}

/**
 * `next build` adds "<distDir>/types/**\/*.ts" to tsconfig.json's include when it is missing;
 * the reliability build is private, so its entries are taken out again.
 */
function forgetBuildInTsconfig(distDir: string): void {
  const file = inRepo("tsconfig.json");
  const text = fs.readFileSync(file, "utf8");
  const escaped = distDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const cleaned = text.replace(new RegExp(`,\\s*"${escaped}/(dev/)?types/\\*\\*/\\*\\.ts"`, "g"), "");
  if (cleaned !== text) fs.writeFileSync(file, cleaned);
}

const buildIdOf = (distDir: string) => fs.readFileSync(inRepo(distDir, "BUILD_ID"), "utf8").trim();

/** Copies a build without its compiler cache; answers false when it changed while copying. */
function copyBuild(source: string, target: string): boolean {
  const before = buildIdOf(source);
  fs.rmSync(inRepo(target), { recursive: true, force: true });
  const cacheDir = inRepo(source, "cache");
  fs.cpSync(inRepo(source), inRepo(target), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (file) => file !== cacheDir && !file.startsWith(cacheDir + path.sep),
  });
  const unchanged = isCompleteBuild(source) && buildIdOf(source) === before;
  if (unchanged) fs.writeFileSync(inRepo(target, SOURCE_MARKER), `${source} ${before}\n`);
  return unchanged;
}

function runBuild(distDir: string): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-reliability-build-"));
  fs.rmSync(inRepo(distDir), { recursive: true, force: true });
  return new Promise<void>((resolve, reject) => {
    // In a process group of its own, so a build that overruns is stopped with all its children.
    const child = spawn("npm", ["run", "build"], {
      cwd: REPO_ROOT,
      stdio: "inherit",
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_DIST_DIR: distDir,
        DATABASE_URL: `file:${path.join(workDir, "build.db")}`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, BUILD_TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(workDir, { recursive: true, force: true });
      forgetBuildInTsconfig(distDir);
      if (code === 0 && isCompleteBuild(distDir)) resolve();
      else reject(new Error(`npm run build into ${distDir} failed (exit ${code ?? signal})`));
    });
  });
}

/**
 * Makes RELIABILITY_DIST_DIR a fresh, complete production build: a copy of the end-to-end build
 * when `npm test` left one, otherwise a new build (a few minutes on two cores).
 */
export async function ensureProductionBuild(log: (line: string) => void = console.log): Promise<string> {
  // An end-to-end build in progress is worth waiting for: two builds at once on two cores is slower.
  const waitUntil = Date.now() + 5 * 60_000;
  if (isBeingBuilt(E2E_DIST_DIR)) log(`[reliability] waiting for the build in progress in ${E2E_DIST_DIR}`);
  while (isBeingBuilt(E2E_DIST_DIR) && Date.now() < waitUntil) await sleep(5_000);

  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!isCompleteBuild(E2E_DIST_DIR)) break;
    if (copyBuild(E2E_DIST_DIR, RELIABILITY_DIST_DIR)) {
      log(`[reliability] serving a copy of ${E2E_DIST_DIR} (build ${buildIdOf(RELIABILITY_DIST_DIR)}) from ${RELIABILITY_DIST_DIR}`);
      return RELIABILITY_DIST_DIR;
    }
    // Someone started rebuilding the end-to-end folder while it was being copied.
    await sleep(10_000);
  }
  log(`[reliability] no finished build in ${E2E_DIST_DIR}: building into ${RELIABILITY_DIST_DIR}`);
  const started = Date.now();
  await runBuild(RELIABILITY_DIST_DIR);
  log(`[reliability] built ${RELIABILITY_DIST_DIR} in ${Math.round((Date.now() - started) / 1000)} s`);
  return RELIABILITY_DIST_DIR;
}
