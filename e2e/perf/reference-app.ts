/**
 * The framework's own floor: a bare Next.js dynamic page (a minimal app built into
 * .bench/reference-app and served by `next start`, with the Next.js of node_modules). The crawl
 * benchmark measures the site's pages/s against it, and `npm run lighthouse` scores it in the
 * same run as the site's pages: what a page can reach on this machine with nothing of ours in it.
 * Built once and again only when the files below change (a stamp in its build folder).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { nextBin } from "../../lib/server/next-internals";
import { OUTPUT_DIR, reservePorts, runToCompletion, startGroup, stopGroup, outputKeeper, PORTS, sleep } from "../support/production-site";

const REFERENCE_DIR = path.join(OUTPUT_DIR, "reference-app");
const REFERENCE_FILES: Record<string, string> = {
  "app/layout.js": 'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  "app/[n]/page.js":
    'export const dynamic = "force-dynamic";\n\nexport default async function Page({ params }) {\n  const { n } = await params;\n  return <main><h1>Page {n}</h1><p>A bare dynamic page, rendered for every request.</p></main>;\n}\n',
  "next.config.mjs": "export default { poweredByHeader: false };\n",
};

export type ReferenceApp = { url: string; pid: number; stop(): Promise<void> };

/**
 * Builds the reference app when its stamp is missing or stale, starts it on a free port, and waits
 * until it answers. `nodeArgs` go to Node before `next start` (`--cpu-prof`: cpu-profile.ts).
 */
export async function startReferenceApp({ nodeArgs = [] }: { nodeArgs?: string[] } = {}): Promise<ReferenceApp> {
  const stamp = crypto.createHash("sha1").update(JSON.stringify(REFERENCE_FILES)).digest("hex");
  const stampFile = path.join(REFERENCE_DIR, ".next", "bench-stamp");
  if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, "utf8") !== stamp) {
    fs.rmSync(REFERENCE_DIR, { recursive: true, force: true });
    for (const [file, text] of Object.entries(REFERENCE_FILES)) {
      fs.mkdirSync(path.dirname(path.join(REFERENCE_DIR, file)), { recursive: true });
      fs.writeFileSync(path.join(REFERENCE_DIR, file), text);
    }
    console.log("[perf] building the reference app (a bare Next.js dynamic page)");
    await runToCompletion("The reference build", process.execPath, [nextBin(), "build", REFERENCE_DIR], {
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      logFile: path.join(OUTPUT_DIR, "reference-build.log"),
      timeoutMs: 10 * 60_000,
    });
    fs.writeFileSync(stampFile, stamp);
  }
  const [port] = await reservePorts(1, PORTS.perf);
  const output = outputKeeper(path.join(OUTPUT_DIR, "reference-server.log"));
  const child = startGroup(process.execPath, [...nodeArgs, nextBin(), "start", REFERENCE_DIR, "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    onOutput: (chunk) => output.write(chunk),
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (tries > 240) throw new Error(`The reference app did not start:\n${output.lines().join("\n")}`);
    await sleep(250);
  }
  return { url, pid: child.pid ?? -1, stop: async () => stopGroup(child) };
}
