import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * What the documentation names, and what the repository holds, for the tests that keep the two
 * in step (docs.test.ts: files, folders and scripts; env.test.ts: settings and constants).
 * The documentation is README.md and every Markdown file under docs/.
 */
const ROOT = path.resolve(__dirname, "..");

export type Document = { file: string; text: string };

/** The repository's files that git does not ignore, committed or not, relative to ROOT. */
export function repositoryFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return listed.split("\0").filter((file) => file && fs.existsSync(path.join(ROOT, file)));
}

export function documentation(files: readonly string[] = repositoryFiles()): Document[] {
  return files
    .filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")))
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
}

/**
 * The code a document shows: each inline code span (`…`), and each line of a fenced block. Prose
 * is left out, so "the npm registry" names no script and "lead/save" no file.
 */
export function codeIn(text: string): string[] {
  const code = [...text.matchAll(FENCED)].flatMap((match) => match[2].split("\n"));
  // A span may wrap onto the next line, never across a paragraph.
  for (const match of withoutFences(text).matchAll(/(`+)([^`\n]|[^`\n](?:[^`\n]|\n(?!\n))*?[^`\n])\1(?!`)/g)) code.push(match[2].replace(/\s+/g, " ").trim());
  return code;
}

const FENCED = /^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** A document without its fenced blocks: its prose, headings, links and code spans. */
export function withoutFences(text: string): string {
  return text.replace(FENCED, "");
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/**
 * Which of `among` the code has, read the way the compiler reads it: identifiers and the words of
 * string and template literals, in the files that ship or run the tooling (not tests: a name only a
 * test or a comment mentions is not one the site has).
 */
export function namesInCode(files: readonly string[], among: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  const sources = files.filter((file) => /\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(file) && !/\.(test|spec|reliability)\.tsx?$/.test(file));
  const keep = (name: string) => {
    if (among.has(name)) names.add(name);
  };
  for (const file of sources) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    // Parsing is the slow part: only files that hold one of the names as text are parsed.
    if (![...among].some((name) => text.includes(name))) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : undefined);
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node)) keep(node.text);
      else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) for (const word of node.text.match(/[A-Za-z_$][\w$]*/g) ?? []) keep(word);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** The scripts of package.json. */
export function packageScripts(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return new Set(Object.keys(manifest.scripts));
}
