import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { shareCardText } from "./ShareCard";

describe("share cards", () => {
  it("keep to characters their bundled font draws", () => {
    expect(shareCardText("Everett & Ashford – “Austin’s” best… ")).toBe("Everett & Ashford – “Austin’s” best…");
    expect(shareCardText("Café Zürich\u00ad‐‑‒―🏠東京")).toBe("Café Zürich----");
    expect(shareCardText("Line\nbreak\ttab")).toBe("Line break tab");
  });

  it("are PNGs drawn without fetching anything from the web, whatever the text", () => {
    const root = path.resolve(__dirname, "../..");
    const output = execFileSync(process.execPath, ["--import", "tsx", "e2e/support/render-share-cards.ts"], { cwd: root, encoding: "utf8", timeout: 60_000 });
    const { fetched, sizes } = JSON.parse(output.trim().split("\n").at(-1)!) as { fetched: string[]; sizes: number[] };
    expect(fetched).toEqual([]);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) expect(size).toBeGreaterThan(10_000);
  });
});
