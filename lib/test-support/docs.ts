import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * What the documentation names, and what the repository holds, for the tests that keep the two
 * in step (docs.test.ts: files, folders and scripts; env.test.ts: settings and constants).
 * The documentation is README.md and every Markdown file under docs/.
 */
export const ROOT = path.resolve(__dirname, "..", "..");

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
  const code: string[] = [];
  const prose = text.replace(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm, (_block, _fence, body: string) => {
    code.push(...body.split("\n"));
    return "";
  });
  // A span may wrap onto the next line, never across a paragraph.
  for (const match of prose.matchAll(/(`+)([^`\n]|[^`\n](?:[^`\n]|\n(?!\n))*?[^`\n])\1(?!`)/g)) code.push(match[2].replace(/\s+/g, " ").trim());
  return code;
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
