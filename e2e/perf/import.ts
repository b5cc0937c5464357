/**
 * `npm run bench -- --import[=ROWS]` (never part of `npm test`): the managers CSV import at size
 * (docs/operator-import.md). A fresh SQLite database in a temporary folder, seeded without the
 * samples; a generated file of ROWS valid managers (100,000 by default) spread over every city
 * of the directory; then the dry run, the import, the same import again (nothing changes) and the
 * export, each timed, with the process's peak memory after each. Targets: the import within 10
 * minutes, and peak memory under 1 GiB whatever the file's size (the file is streamed; only the
 * keys seen and the ids written grow with it). A missed target is printed, not fatal; a wrong
 * count is (exit 1).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { MANAGER_CSV_COLUMNS, type ManagerCsvRecord } from "../../lib/contract/managers-csv";
import { openDatabase } from "../../lib/db/connection";
import { prepareDatabase } from "../../lib/db/setup";
import { deliveryRouting } from "../../lib/service/delivery/routing";
import { exportManagers, importManagers } from "../../lib/service/managers";
import { describeMachine, formatNumber, printTable, verdict, warnIfBusy } from "./report";

const DEFAULT_ROWS = 100_000;
const TARGET_IMPORT_SECONDS = 600;
const TARGET_PEAK_MIB = 1024;

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Writes ROWS managers: each in one of the directory's cities, its office and service ZIP codes that city's. */
async function writeFile(file: string, rows: number, cities: { name: string; state: string; zips: string[] }[]): Promise<void> {
  const out = fs.createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  await write(MANAGER_CSV_COLUMNS.join(","));
  for (let i = 0; i < rows; i++) {
    const city = cities[i % cities.length];
    const record: ManagerCsvRecord = {
      external_id: `bench-${i}`,
      company_name: `Bench Property Management ${i}`,
      contact_name: "Bench Contact",
      email: `bench-${i}@example.com`,
      phone: `512555${String(i % 10000).padStart(4, "0")}`,
      website: `https://bench-${i}.example.com`,
      office_address: `${i} Main Street`,
      office_city: city.name,
      office_state: city.state,
      office_zip: city.zips[0],
      service_zips: city.zips.slice(0, 3).join(";"),
      categories: i % 3 === 0 ? "single-family;multi-family" : "single-family",
      services: "tenant_screening;rent_collection",
      management_fee: i % 2 ? "8%" : "$99",
      leasing_fee: "50%",
      setup_fee: "$99",
      renewal_fee: "",
      license_number: `BENCH-${i}`,
      license_state: city.state,
      license_source_url: "",
      about: "A generated company for the import benchmark, with a comma.",
    };
    await write(MANAGER_CSV_COLUMNS.map((column) => quote(record[column])).join(","));
  }
  out.end();
  await once(out, "finish");
}

const peakMiB = () => process.resourceUsage().maxRSS / 1024;

export async function importBench(rows = DEFAULT_ROWS): Promise<number> {
  console.log(`[bench] managers import: ${formatNumber(rows)} rows; ${describeMachine()}`);
  warnIfBusy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-import-bench-"));
  const handle = openDatabase(`file:${path.join(dir, "bench.db")}`);
  try {
    await prepareDatabase(handle, { demo: false });
    const cityZips = JSON.parse(fs.readFileSync(path.join(__dirname, "../../lib/db/seed-data/city-zips.json"), "utf8")) as Record<string, string[]>;
    const places = await handle.db.selectFrom("cities").innerJoin("states", "states.id", "cities.state_id").select(["cities.name", "cities.slug", "states.abbreviation as state"]).execute();
    const cities = places.map((city) => ({ name: city.name, state: city.state, zips: cityZips[`${city.state}/${city.slug}`] ?? [] })).filter((city) => city.zips.length > 0);
    const file = path.join(dir, "managers.csv");
    await writeFile(file, rows, cities);
    console.log(`[bench] wrote ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MiB over ${formatNumber(cities.length)} cities`);
    const routing = deliveryRouting({ smtp: false, webhook: false, purge: true });
    const open = () => fs.createReadStream(file);
    const results: (string | number)[][] = [];
    const timed = async <T>(step: string, run: () => Promise<T>, describe: (value: T) => string): Promise<[T, number]> => {
      const started = Date.now();
      const value = await run();
      const seconds = (Date.now() - started) / 1000;
      results.push([step, seconds.toFixed(1), formatNumber(rows / seconds), formatNumber(peakMiB()), describe(value)]);
      console.log(`[bench] ${step}: ${seconds.toFixed(1)} s`);
      return [value, seconds];
    };
    const [dry] = await timed("dry run", () => importManagers(handle.db, { open, dryRun: true, routing }), (r) => `${r.added} to add, ${r.problems.length} problems`);
    const [first, importSeconds] = await timed("import", () => importManagers(handle.db, { open, dryRun: false, routing }), (r) => `${r.added} added, ${r.paths} pages`);
    const [again] = await timed("same file again", () => importManagers(handle.db, { open, dryRun: false, routing }), (r) => `${r.unchanged} unchanged, ${r.added + r.changed} written`);
    const exported = path.join(dir, "export.csv");
    const [written] = await timed(
      "export",
      async () => {
        const out = fs.createWriteStream(exported);
        const count = await exportManagers(handle.db, async (chunk) => {
          if (!out.write(chunk)) await once(out, "drain");
        });
        out.end();
        await once(out, "finish");
        return count;
      },
      (count) => `${count} rows`,
    );
    console.log(`\nTargets: the import within ${TARGET_IMPORT_SECONDS} s; peak memory under ${TARGET_PEAK_MIB} MiB\n`);
    printTable(["step", "seconds", "rows/s", "peak MiB", "result"], results, { rightAligned: [1, 2, 3] });
    console.log(`\nimport ${verdict(importSeconds <= TARGET_IMPORT_SECONDS)}, memory ${verdict(peakMiB() <= TARGET_PEAK_MIB)}`);
    const counted = dry.added === rows && first.added === rows && again.unchanged === rows && again.added + again.changed === 0 && written === rows && dry.problems.length === 0;
    if (!counted) console.log("[bench] a count is wrong: every row must be added once, then unchanged, then exported");
    return counted ? 0 : 1;
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
