import fs from "node:fs";
import path from "node:path";

/**
 * No import circles among shipped modules, type-only imports included (import/no-cycle in
 * eslint.config.mjs skips `import type`, so a circle made of types alone would pass the lint):
 * every module reads from the bottom up.
 */
const ROOT = path.resolve(__dirname, "..");
const SHIPPED = ["lib", "components", "app"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function shippedFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return shippedFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The shipped module an import names, or null for a package or a non-code file. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.join(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of ["", ...EXTENSIONS].map((extension) => base + extension)) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(path.join(ROOT, candidate))) return path.normalize(candidate);
  }
  return null;
}

/** Every `import … from "x"` and `export … from "x"` of a file, type-only ones included. */
export function importsOf(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map((match) => match[1]);
  return specifiers.flatMap((specifier) => resolve(file, specifier) ?? []);
}

/** The strongly connected components with more than one module (Tarjan): each is a circle. */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

it("finds a circle, types included, and none in a line", () => {
  expect(importsOf("lib/a.ts", 'import type { X } from "./b";\nexport { y } from "@/lib/c";\nimport z from "react";')).toEqual([]);
  expect(circles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  expect(circles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
});

it("has no import circle among shipped modules", () => {
  const files = SHIPPED.flatMap(shippedFiles);
  const graph = new Map(files.map((file) => [path.normalize(file), importsOf(file, fs.readFileSync(path.join(ROOT, file), "utf8"))]));
  expect(graph.size).toBeGreaterThan(300);
  expect(circles(graph)).toEqual([]);
});
