/**
 * The package registry this project installs from carries only the Linux x64 builds of
 * platform-specific optional packages (SWC, the resolver bindings), so `npm install` leaves the
 * other platforms' entries out of package-lock.json and `npm ci` then refuses the lock as out of
 * sync. This adds each missing optional entry with its os/cpu, which npm skips on a platform that
 * does not match, without fetching it. Run after `npm install` changes the lock:
 *   node .ci/lock-platform-stubs.mjs
 */
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;
const OS = ["darwin", "win32", "android", "freebsd", "openharmony", "linux", "sunos", "aix", "netbsd", "openbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[`node_modules/${name}`] || packages[parentDir]) continue;
    const tokens = name.split("/").pop().split("-");
    const os = OS.find((candidate) => tokens.includes(candidate));
    const cpu = CPU.find((candidate) => tokens.includes(candidate));
    if (!os) continue; // not a platform build: leave it to npm
    packages[`node_modules/${name}`] = {
      version: spec.replace(/^[\^~=]/, ""),
      cpu: cpu ? [cpu] : undefined,
      license: "MIT",
      optional: true,
      os: [os],
    };
    added++;
  }
}
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: added ${added} platform entr${added === 1 ? "y" : "ies"}`);
