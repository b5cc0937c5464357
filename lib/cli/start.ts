/**
 * `npm start`: prepares the database, builds the site when no build exists yet, then serves it
 * on PORT (3000) with the production server of lib/server. A fresh machine needs nothing else.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { prepare } from "./prepare";
import { env } from "../env";
import { startServer } from "../server";

const nextBin = require.resolve("next/dist/bin/next");

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin, ...args], { stdio: "inherit", env: process.env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main() {
  await prepare();
  const distDir = env().NEXT_DIST_DIR;
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
    console.log("[start] no production build yet: building (this takes a minute or two the first time)");
    const code = await run(["build"]);
    if (code !== 0) process.exit(code);
  }
  await startServer();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
