import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { changedFilesReason, readBuildInputs, staleBuildReason, writeBuildStamp } from "./build-stamp";

/** `npm start` serves a build only when it was made from the tree it would serve, whatever the settings. */
describe("the build stamp", () => {
  let root: string;
  const distDir = () => path.join(root, ".next");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const reason = () => staleBuildReason(distDir(), readBuildInputs(root));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "managely-stamp-"));
    write("package.json", "{}");
    write("package-lock.json", '{"lockfileVersion": 3}');
    write("next.config.ts", "export default {};");
    write("app/page.tsx", "export default function Page() { return null; }");
    write("lib/service/leads.ts", "export const a = 1;");
    write("lib/service/leads.test.ts", "it('x', () => {});");
    write("test-support/index.ts", "export {};");
    write("public/logo.svg", "<svg/>");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A finished build of the tree as it is now. */
  function build() {
    write(".next/BUILD_ID", "abc");
    writeBuildStamp(distDir(), readBuildInputs(root));
  }

  it("serves an unchanged tree as it is", () => {
    build();
    expect(reason()).toBeNull();
  });

  it("builds when there is no build, or one that does not say what it was made from", () => {
    expect(reason()).toBe(`there is no build in ${distDir()} yet`);
    write(".next/BUILD_ID", "abc");
    expect(reason()).toBe(`the build in ${distDir()} does not say what it was built from`);
  });

  it("names the source file that changed, and counts the others", () => {
    build();
    write("lib/service/leads.ts", "export const a = 2;");
    expect(reason()).toBe(`lib/service/leads.ts has changed since the build in ${distDir()} was made`);
    write("app/new/page.tsx", "export default function New() { return null; }");
    fs.rmSync(path.join(root, "public/logo.svg"));
    expect(reason()).toBe(`app/new/page.tsx and 2 more files have changed since the build in ${distDir()} was made`);
  });

  it("builds again after the lock file or the configuration changed", () => {
    build();
    write("package-lock.json", '{"lockfileVersion": 3, "packages": {}}');
    expect(reason()).toMatch(/^package-lock.json has changed/);
    build();
    write("next.config.ts", "export default { poweredByHeader: false };");
    expect(reason()).toMatch(/^next\.config\.ts has changed/);
  });

  it("serves the same build whatever the deployment's settings say (a build reads none of them)", () => {
    build();
    write(".env.production", "SITE_URL=https://www.example.com\nDATABASE_URL=postgres://user:secret@db/site");
    expect(reason()).toBeNull();
    expect(fs.readFileSync(path.join(distDir(), "managely-build-stamp.json"), "utf8")).not.toMatch(/SITE_URL|DATABASE_URL|secret/);
  });

  it("ignores tests and their set-up, which are not built", () => {
    build();
    write("lib/service/leads.test.ts", "it('y', () => {});");
    write("test-support/index.ts", "export const changed = true;");
    expect(reason()).toBeNull();
  });

  it("tells a harness that copies a build whether its files changed", () => {
    build();
    expect(changedFilesReason(distDir(), root)).toBeNull();
    write("lib/db/migrations/2026-11-28-new.ts", "export const up = 1;");
    expect(changedFilesReason(distDir(), root)).toBe("lib/db/migrations/2026-11-28-new.ts has changed");
  });
});
