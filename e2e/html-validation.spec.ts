import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./support/test";
import { PAGE_KINDS, pathOf } from "./support/page-kinds";

/**
 * The W3C Nu HTML Checker (the vnu-jar package, run with Java) on the raw HTML of one page of
 * each kind: no errors. Its "info" notes (React writes void elements as `<meta … />`, which the
 * checker mentions as "Trailing slash on void elements") are not errors; warnings are printed.
 */
test.skip(({ isMobile }) => isMobile, "Raw HTML does not depend on the viewport: checked once.");

type VnuMessage = { type: string; subType?: string; url?: string; message: string; extract?: string; lastLine?: number };

const vnuJar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build/dist/vnu.jar");
const fileName = (index: number) => `page-${String(index).padStart(2, "0")}.html`;
const describe = (message: VnuMessage) => `line ${message.lastLine}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ""}`;

/** Runs the checker once over every file (Java starts once) and answers its messages. */
async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  // Java 11 or later on the PATH (CI: the system's OpenJDK), or JAVA_HOME.
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
  // The checker exits 1 when it finds errors; its JSON report is what counts.
  const output = await promisify(execFile)(java, ["-jar", vnuJar, "--format", "json", "--stdout", ...files], { maxBuffer: 32 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`The HTML checker did not run: ${error.stderr ?? String(error)}`);
      return { stdout: error.stdout };
    },
  );
  return (JSON.parse(output.stdout) as { messages: VnuMessage[] }).messages;
}

test("every kind of page is valid HTML (W3C Nu HTML Checker)", { tag: ["@seo"] }, async ({ request }) => {
  test.setTimeout(120_000);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "managely-vnu-"));
  try {
    for (const [index, kind] of PAGE_KINDS.entries()) {
      const pagePath = await pathOf(kind, request);
      const response = await request.get(pagePath);
      expect(response.status(), `${kind.name} ${pagePath}`).toBe(kind.status ?? 200);
      fs.writeFileSync(path.join(directory, fileName(index)), await response.text());
    }
    const messages = await checkHtml(PAGE_KINDS.map((_, index) => path.join(directory, fileName(index))));
    expect(messages.some((message) => message.url), "the checker reported per file").toBeTruthy();
    for (const [index, kind] of PAGE_KINDS.entries()) {
      const own = messages.filter((message) => message.url?.endsWith(`/${fileName(index)}`));
      const warnings = own.filter((message) => message.type === "info" && message.subType === "warning");
      if (warnings.length > 0) console.log(`[vnu] ${kind.name}: ${warnings.length} warning(s)\n  ${warnings.map(describe).join("\n  ")}`);
      const errors = own.filter((message) => message.type === "error" || message.type === "non-document-error");
      expect.soft(errors.map(describe), kind.name).toEqual([]);
    }
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
