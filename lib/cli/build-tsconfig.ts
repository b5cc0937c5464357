import fs from "node:fs";

/**
 * The tsconfig a build reads: tsconfig.json for the default `.next`, and for any other dist dir a
 * git-ignored `<distDir>.tsconfig.json` that extends it. `next build` adds the dist dir's type
 * globs to the tsconfig it reads; this keeps those additions out of the tracked file.
 */
export function buildTsconfigPath(distDir: string): string {
  return distDir === ".next" ? "tsconfig.json" : `${distDir}.tsconfig.json`;
}

/** Writes the dist dir's own tsconfig when it reads one (see buildTsconfigPath). */
export function writeBuildTsconfig(distDir: string): void {
  const file = buildTsconfigPath(distDir);
  if (file === "tsconfig.json") return;
  const base = JSON.parse(fs.readFileSync("tsconfig.json", "utf8")) as { include?: string[]; exclude?: string[] };
  const include = [...(base.include ?? []), `${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`];
  fs.writeFileSync(file, `${JSON.stringify({ extends: "./tsconfig.json", include, exclude: base.exclude ?? [] }, null, 2)}\n`);
}
