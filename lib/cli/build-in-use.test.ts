import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildInUseMessage, markBuildInUse, serversUsing } from "./build-in-use";

/**
 * A build folder a running server serves is never rebuilt in place: the server marks the folder,
 * and `npm run build` / `npm start` refuse in one line while the mark's process runs.
 */
let folder: string;
let server: ChildProcess;

/** Another process standing in for a running production server. */
const startStandIn = () => spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "build-in-use-"));
  server = startStandIn();
});

afterEach(async () => {
  server.kill();
  await stopped(server);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("a build folder in use", () => {
  it("is in use while the server that marked it runs, and free once it is gone", async () => {
    markBuildInUse(folder, server.pid!);
    expect(serversUsing(folder)).toEqual([server.pid]);
    expect(buildInUseMessage(folder)).toBe(`the build in ${folder} is in use by a running server (pid ${server.pid}): stop that server first, or build into another folder (NEXT_DIST_DIR=.next-other)`);
    server.kill("SIGKILL");
    await stopped(server);
    // The mark of a server killed without a chance to remove it does not count, and is removed.
    expect(serversUsing(folder)).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(buildInUseMessage(folder)).toBeNull();
  });

  it("is not in use by a mark whose process id now belongs to another process", () => {
    // The mark of a server that is gone, its pid since given to the stand-in (another start time).
    fs.writeFileSync(path.join(folder, `managely-server.${server.pid}`), `${server.pid} 1\n`);
    expect(serversUsing(folder)).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it("is not in use by the process asking, nor when nothing marked it", () => {
    expect(serversUsing(folder)).toEqual([]);
    const unmark = markBuildInUse(folder);
    expect(serversUsing(folder)).toEqual([]);
    unmark();
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it("makes `npm run build` refuse in one line, in another process, leaving the folder as it was", () => {
    fs.writeFileSync(path.join(folder, "BUILD_ID"), "the running build\n");
    markBuildInUse(folder, server.pid!);
    const before = fs.readdirSync(folder).sort();
    const run = spawnSync(process.execPath, ["--require", "tsx/cjs", "lib/cli/build.ts"], { env: { ...process.env, NEXT_DIST_DIR: folder, DATABASE_URL: `file:${path.join(folder, "unused.db")}` }, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([`[build] ${buildInUseMessage(folder)}`]);
    expect(fs.readdirSync(folder).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(folder, "BUILD_ID"), "utf8")).toBe("the running build\n");
  });
});
