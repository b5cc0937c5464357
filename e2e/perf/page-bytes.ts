/**
 * `npx tsx e2e/perf/page-bytes.ts [base URL]`: what one page of each heavy kind weighs in its raw
 * HTML, and how much of it travels twice. For home, a city page (Austin, TX: 20 cards), its first
 * manager's profile and a law page (Texas), against a running server (default
 * http://127.0.0.1:3000; start one with `npm run serve`): the raw bytes, the inline flight payload
 * (the `self.__next_f.push` scripts that repeat the server's elements for React), the JSON-LD, the
 * HTML proper (the rest), the flight payload's share of the whole, and the page in gzip and brotli.
 * Issue 42's targets: city ≤ 60 kB, profile ≤ 32 kB, flight < 40% of the HTML.
 */
import zlib from "node:zlib";
import { agentPath, cityPath, lawPath, PATHS } from "../../lib/contract/routes";
import { formatNumber, printTable } from "./report";

const baseUrl = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");

const FLIGHT_SCRIPT = /<script>self\.__next_f\.push\([\s\S]*?<\/script>/g;
const JSON_LD_SCRIPT = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;

const sumOf = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).reduce((total, match) => total + Buffer.byteLength(match), 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A page's raw bytes split into the flight payload, the JSON-LD and the rest. */
function pageBytes(html: string) {
  const raw = Buffer.byteLength(html);
  const flight = sumOf(html, FLIGHT_SCRIPT);
  const jsonLd = sumOf(html, JSON_LD_SCRIPT);
  return {
    raw,
    flight,
    jsonLd,
    proper: raw - flight - jsonLd,
    gzip: zlib.gzipSync(html).length,
    brotli: zlib.brotliCompressSync(html).length,
  };
}

async function firstManagerPath(): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/agents/list`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ state: "TX", city: "austin", cate_id: 0, per_page: 20 }),
  });
  const body = (await answer.json()) as { agents: { data: { agent_id: number; state: string; city_slug: string }[] } };
  return agentPath(body.agents.data[0]);
}

async function main() {
  const pages: [string, string][] = [
    ["home", PATHS.home],
    ["city", cityPath("TX", "austin")],
    ["profile", await firstManagerPath()],
    ["law", lawPath("texas")],
  ];
  const rows: string[][] = [];
  for (const [kind, path] of pages) {
    const answer = await fetch(`${baseUrl}${path}`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    const bytes = pageBytes(await answer.text());
    rows.push([
      `${kind} ${path}`,
      formatNumber(bytes.raw),
      `${formatNumber(bytes.flight)} (${Math.round((100 * bytes.flight) / bytes.raw)}%)`,
      formatNumber(bytes.jsonLd),
      formatNumber(bytes.proper),
      kB(bytes.gzip),
      kB(bytes.brotli),
    ]);
  }
  console.log(`Raw HTML of one page of each kind at ${baseUrl} (bytes; flight: the self.__next_f.push scripts, share of the raw page)`);
  printTable(["page", "raw", "flight", "JSON-LD", "HTML proper", "gzip", "brotli"], rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
