/**
 * `npx tsx e2e/perf/static-spellings.ts <base URL> <server pid> [chunk path]`: sends 1,000
 * spellings of one build file (`r1/../`, `%2f..%2f`, `//`, `./`), each with no, brotli and gzip
 * encoding (3,000 requests), to a running production server, and prints the answers' statuses and
 * how much the server process's resident memory (VmRSS, Linux) grew. Without a chunk path it
 * takes the largest script the home page loads. Never part of `npm test`.
 */
import fs from "node:fs";
import http from "node:http";

const [base, pidText, chunkArgument] = process.argv.slice(2);
if (!base || !pidText) {
  console.error("usage: npx tsx e2e/perf/static-spellings.ts <base URL> <server pid> [chunk path]");
  process.exit(2);
}
const residentMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pidText}/status`, "utf8"))![1]) / 1024;

function get(path: string, encoding: string): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

async function largestChunk(): Promise<string> {
  const home = (await get("/", "identity")).body.toString();
  const scripts = [...new Set(home.match(/\/_next\/static\/chunks\/[^"]+\.js/g) ?? [])];
  const sizes = await Promise.all(scripts.map(async (script) => ({ script, size: (await get(script, "identity")).body.length })));
  return sizes.sort((a, b) => b.size - a.size)[0].script;
}

async function main() {
  const chunk = chunkArgument ?? (await largestChunk());
  const at = chunk.lastIndexOf("/");
  const [dir, name] = [chunk.slice(0, at), chunk.slice(at + 1)];
  await get(chunk, "br");
  const before = residentMb();
  const statuses: Record<number, number> = {};
  for (let index = 0; index < 1000; index++) {
    const spelling = [`${dir}/r${index}/../${name}`, `${dir}/x${index}%2f..%2f${name}`, `${dir}//${"/".repeat(index % 5)}${name}`, `${dir}/./r${index}/../${name}`][index % 4];
    for (const encoding of ["identity", "br", "gzip"]) {
      const { status } = await get(spelling, encoding);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  const after = residentMb();
  console.log(JSON.stringify({ chunk, statuses, residentBeforeMb: before.toFixed(1), residentAfterMb: after.toFixed(1), grewMb: (after - before).toFixed(1) }));
}

void main();
