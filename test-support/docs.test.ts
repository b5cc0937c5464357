import path from "node:path";
import { codeIn, documentation, headingAnchors, packageScripts, repositoryFiles, withoutFences } from "./docs";

/**
 * The documentation (README.md and docs/) names only what exists: every file or folder it shows
 * in code (`lib/service/leads.ts`, `e2e/pages/`, `npx tsx e2e/perf/scale.ts`) is in the tree, and
 * every `npm run <script>` or `npm <script>` is a script of package.json. Paths a run makes, which
 * git ignores, are listed below by name. The settings and constants it names are checked by
 * lib/env.test.ts against what the code reads.
 */

/** Made by a run (a build, a database, a report), so never in a clean tree: named here one by one. */
const GENERATED = new Set([
  ".data/",
  ".data/site.db",
  ".data/outbox",
  ".data/outbox/",
  ".data/<name>.db",
  ".data/e2e-<port>.db",
  ".data/outbox-e2e-<port>",
  ".data/bench.db",
  ".data/bench-scale.db",
  ".data/lighthouse.db",
  ".next",
  ".next-e2e-<port>",
  ".next-e2e-3100",
  ".next-bench",
  ".next-lighthouse",
  ".next-reliability",
  ".bench/",
  ".bench/reference-app",
  ".bench/cpu-profile",
  ".bench/cpu-profile/",
  ".stryker-tmp*",
  ".stryker-tmp-<name>",
  ".stryker-db-templates",
  "<time>-<id>-<kind>.eml",
  "managely-build-stamp.json",
  "build-manifest.json",
  "server/app/<route>_client-reference-manifest.js",
  "playwright-report/e2e-<port>/",
  "playwright-report/e2e-3100",
  "test-results/junit-e2e-<kind>-<port>.xml",
  "reports/mutation/mutation.html",
  "reports/stryker-incremental.json",
  "reports/stryker-incremental-<name>.json",
]);

/** npm's own commands, which are not scripts. */
const NPM_COMMANDS = new Set(["install", "ci", "view", "exec", "ls", "outdated", "audit"]);

const FILE_EXTENSION = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|md|csv|db|css|svg|png|ico|html|xml|eml|ya?ml|txt)$/;
const PATH_SHAPE = /^[\w.\-[\]()*<>{}…+]+(\/[\w.\-[\]()*<>{}…+]*)*$/;

const files = repositoryFiles();
const folders = new Set(
  files.flatMap((file) => {
    const parts = file.split("/");
    return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join("/"));
  }),
);
const entries = [...files, ...folders];
const basenames = new Set(entries.map((entry) => entry.slice(entry.lastIndexOf("/") + 1)));
const roots = new Set([...entries, ...GENERATED].map((entry) => entry.split("/")[0]));

/** A word of code that names a file or folder of the repository: `lib/x.ts`, `e2e/`, `site.ts`. */
function asPath(word: string): string | null {
  const value = /^[A-Z][A-Z0-9_]*=/.test(word) ? word.slice(word.indexOf("=") + 1) : word;
  // "(default .next)": the closing bracket is the sentence's.
  const candidate = value.replace(/^@\//, "").replace(/^\.\//, "").replace(/^([^(]*)[),;:]+$/, "$1");
  // A method call such as `.locator(` or `.trim()` is code, not a path.
  if (!PATH_SHAPE.test(candidate) || /^[-/.]*$/.test(candidate) || candidate.startsWith("-") || /\([^)]*$|\(\)/.test(candidate)) return null;
  // `.eml`, `.br`: a kind of file, not one; `.next`, `.ci` are folders.
  if (/^\.[a-z0-9]+$/.test(candidate)) return roots.has(candidate) ? candidate : null;
  return FILE_EXTENSION.test(candidate) || candidate.startsWith(".") || roots.has(candidate.split("/")[0]) ? candidate : null;
}

/** `<port>`, `{token}`, `*` and `…` stand for any name; `**` for any folders. */
function pattern(named: string): RegExp {
  const source = named
    .replace(/\/$/, "")
    .split(/(\*\*\/|\*|<[^>]*>|\{[^}]*\}|…)/)
    .map((part) => (part === "**/" ? "(?:.*/)?" : part === "*" || part === "…" || /^[<{]/.test(part) ? "[^/]*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

function exists(named: string): boolean {
  if (GENERATED.has(named)) return true;
  const bare = named.replace(/\/$/, "");
  // A bare name (`site.ts`, `*.spec.ts`) is a file's own name, in whichever folder.
  if (!bare.includes("/")) {
    const wanted = pattern(bare);
    return [...basenames].some((name) => wanted.test(name));
  }
  const wanted = pattern(named);
  return entries.some((entry) => wanted.test(entry));
}

const documents = documentation(files);

it("reads README.md and the docs/ folder", () => {
  expect(documents.map(({ file }) => file)).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "docs/operations.md", "docs/testing.md", "docs/performance.md"]));
});

it("names only files and folders the tree holds, or that a run makes and git ignores", () => {
  const missing = documents.flatMap(({ file, text }) =>
    codeIn(text)
      .flatMap((code) => code.split(/\s+/))
      .map(asPath)
      .filter((named): named is string => named !== null && !exists(named))
      .map((named) => `${file}: ${named}`),
  );
  expect([...new Set(missing)]).toEqual([]);
});

it("links only to files, folders and headings that exist", () => {
  const anchors = new Map(documents.map(({ file, text }) => [file, headingAnchors(text)]));
  const broken = documents.flatMap(({ file, text }) =>
    [...withoutFences(text).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^[a-z][a-z+.-]*:/.test(target))
      .filter((target) => {
        const [linked, heading] = target.split("#");
        const resolved = linked ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linked)).replace(/\/$/, "") : file;
        if (!files.includes(resolved) && !folders.has(resolved)) return true;
        return heading !== undefined && !anchors.get(resolved)?.has(heading);
      })
      .map((target) => `${file}: ${target}`),
  );
  expect(broken).toEqual([]);
});

it("names only scripts package.json has", () => {
  const scripts = packageScripts();
  const unknown = documents.flatMap(({ file, text }) =>
    codeIn(text).flatMap((code) =>
      [...code.matchAll(/\bnpm (?:run )?([a-z][\w:.-]*)/g)]
        .filter(([, name]) => !scripts.has(name) && !NPM_COMMANDS.has(name) && name !== "run")
        .map(([named]) => `${file}: ${named}`),
    ),
  );
  expect([...new Set(unknown)]).toEqual([]);
});
