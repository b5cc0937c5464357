import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * What a build was made from, so `npm start` never serves an old one: a stamp written into the
 * build folder when `npm run build` finishes, holding a SHA-256 of each input as it was when the
 * build began. The inputs: every source file the site is built from (app, components, lib,
 * styles, public; tests excepted), the lock file and the configuration files (package.json,
 * next.config.ts, tsconfig.json). No setting: a build reads none but where it goes (isBuilding in
 * lib/env.ts), so the same build serves any database and origin. Hashing takes tens of milliseconds.
 */
export const STAMP_FILE = "managely-build-stamp.json";

const SOURCE_DIRS = ["app", "components", "lib", "styles", "public"];
const ROOT_FILES = ["package.json", "package-lock.json", "next.config.ts", "tsconfig.json"];
/** Tests are not part of what is built (their shared set-up, test-support/, is outside the source folders). */
const NOT_BUILT = [/\.test\.tsx?$/];

export type BuildInputs = { files: Record<string, string> };

/** The files under `dir`, as paths from `root` with "/" (dot files left out). */
function filesUnder(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(root, relative) : entry.isFile() ? [relative] : [];
  });
}

const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest("hex");

/** The inputs of a build of the tree at `root`, each file by the hash of its content. */
export function readBuildInputs(root: string): BuildInputs {
  const paths = [...SOURCE_DIRS.flatMap((dir) => filesUnder(root, dir)), ...ROOT_FILES.filter((file) => fs.existsSync(path.join(root, file)))]
    .filter((file) => !NOT_BUILT.some((pattern) => pattern.test(file)))
    .sort();
  return { files: Object.fromEntries(paths.map((file) => [file, sha256(fs.readFileSync(path.join(root, file)))])) };
}

export function writeBuildStamp(distDir: string, inputs: BuildInputs): void {
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(inputs)}\n`);
}

function readBuildStamp(distDir: string): BuildInputs | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), "utf8")) as Partial<BuildInputs>;
    return stamp.files ? { files: stamp.files } : null;
  } catch {
    return null;
  }
}

/** What differs between two sets of inputs, for one line: "lib/a.ts and 2 more files changed". */
function describeChanges(built: Record<string, string>, now: Record<string, string>): string | null {
  const names = [...new Set([...Object.keys(built), ...Object.keys(now)])].filter((name) => built[name] !== now[name]).sort();
  if (names.length === 0) return null;
  const more = names.length - 1;
  return `${names[0]}${more ? ` and ${more} more file${more === 1 ? "" : "s"} have` : " has"} changed`;
}

/**
 * Why the build in `distDir` cannot be served as it is, in a few words, or null when it was made
 * from exactly these inputs.
 */
export function staleBuildReason(distDir: string, inputs: BuildInputs): string | null {
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) return `there is no build in ${distDir} yet`;
  const stamp = readBuildStamp(distDir);
  if (!stamp) return `the build in ${distDir} does not say what it was built from`;
  const changed = describeChanges(stamp.files, inputs.files);
  return changed ? `${changed} since the build in ${distDir} was made` : null;
}

/**
 * Which source or configuration file differs from what the build in `distDir` was made from, in a
 * few words, or null. The reliability suite copies the end-to-end build only when this is null.
 */
export function changedFilesReason(distDir: string, root: string): string | null {
  const stamp = readBuildStamp(distDir);
  if (!stamp) return `the build in ${distDir} does not say what it was built from`;
  return describeChanges(stamp.files, readBuildInputs(root).files);
}
