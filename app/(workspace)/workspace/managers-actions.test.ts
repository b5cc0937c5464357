import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MANAGERS_PAGE, SAMPLE_WORDS } from "@/lib/contract/operator-messages";
import { IMPORT_WORDS, MANAGER_CSV_COLUMNS, MANAGERS_UPLOAD_MAX_BYTES } from "@/lib/contract/managers-csv";
import { addStaff, formOf, fromTheSite, redirected } from "@/test-support/server-actions";
import { createTestDatabase, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import type { StaffIdentity } from "@/lib/service/workspace";
import type { ImportState } from "@/components/workspace/ManagersImport";

/**
 * The Managers page's server actions and its CSV export as a browser calls them (the set-up of
 * actions.test.ts): a signed-in admin checks a file, applies it, removes the samples and exports;
 * an editor is refused each. A seeded test database with its sample listings (SQLite; the
 * service's own suite, lib/service/managers.test.ts, covers PostgreSQL).
 */
let requestHeaders = new Headers();
let signedIn: StaffIdentity | null = null;
let database: TestDatabase;

jest.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => undefined }) }));
jest.mock("next/cache", () => ({ refresh: jest.fn(), revalidatePath: jest.fn(), updateTag: jest.fn() }));
jest.mock("@/lib/db", () => ({ getDatabase: async () => database }));
jest.mock("./staff-session", () => ({
  requireStaff: async () => {
    if (!signedIn) throw new Error("signed out");
    return signedIn;
  },
  staffOf: async () => (signedIn ? { ...signedIn, sessionId: "session", sessionExpiresAt: new Date(Date.now() + 3_600_000) } : null),
}));

// Imported after the mocks above are in place (babel-jest hoists jest.mock, this keeps the order plain).
/* eslint-disable @typescript-eslint/no-require-imports */
const actions = require("./managers-actions") as typeof import("./managers-actions");
const exportRoute = require("./managers.csv/route") as typeof import("./managers.csv/route");
/* eslint-enable @typescript-eslint/no-require-imports */

const EXAMPLE = fs.readFileSync(path.join(__dirname, "../../../docs/examples/managers.csv"), "utf8");
/** The example's header and its four valid rows (lines 2 to 5): a file with no problem. */
const CLEAN = EXAMPLE.split("\n").slice(0, 5).join("\n") + "\n";


const upload = (text: string, name = "managers.csv") => {
  const data = new FormData();
  data.set("intent", "dry-run");
  data.set("file", new File([text], name, { type: "text/csv" }));
  return data;
};
const applying = (state: ImportState) => {
  if (!state || state.step === "refused") throw new Error(`not a dry run: ${JSON.stringify(state)}`);
  const data = new FormData();
  data.set("intent", "apply");
  data.set("sha256", state.sha256);
  data.set("file_name", state.fileName);
  return data;
};

const count = async (table: "agents" | "outbox_messages" | "content_changes" | "staff_audit_log") =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const snapshot = async () => ({ agents: await count("agents"), outbox: await count("outbox_messages"), changes: await count("content_changes") });
const imported = async () => (await database.db.selectFrom("agents").select("external_id").where("external_id", "is not", null).orderBy("external_id").execute()).map((row) => row.external_id);
const samples = async () => Number((await database.db.selectFrom("agents").select((eb) => eb.fn.countAll().as("n")).where("is_demo", "=", 1).executeTakeFirstOrThrow()).n);

let admin: StaffIdentity;
let editor: StaffIdentity;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  admin = await addStaff("admin@staff.example.com", "admin");
  editor = await addStaff("editor@staff.example.com", "editor");
}, WHOLE_SEED_TIMEOUT_MS);
afterAll(async () => database?.destroy());
beforeEach(() => {
  requestHeaders = fromTheSite();
  signedIn = admin;
});

describe("the Managers page's actions", () => {
  it("refuses an editor the dry run, the import, the samples' removal and the export, and writes nothing", async () => {
    const before = await snapshot();
    const dryRun = await actions.importAction(null, upload(CLEAN));
    signedIn = editor;
    const refused = { step: "refused", message: MANAGERS_PAGE.forbidden("editor") };
    expect(await actions.importAction(null, upload(CLEAN))).toEqual(refused);
    expect(await actions.importAction(null, applying(dryRun))).toEqual(refused);
    expect(await actions.removeSamplesAction(null, formOf({ expected: String(await samples()) }))).toEqual({ ok: false, message: MANAGERS_PAGE.forbidden("editor") });
    const response = await exportRoute.GET(new Request("http://localhost:3000/workspace/managers.csv"));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(`${MANAGERS_PAGE.exportForbidden("editor")}\n`);
    expect(await snapshot()).toEqual(before);
    expect(await imported()).toEqual([]);
  });

  it("refuses a post from another site's page", async () => {
    requestHeaders = new Headers({ host: "localhost:3000", origin: "https://evil.example.net", "sec-fetch-site": "cross-site" });
    expect(await actions.importAction(null, upload(CLEAN))).toMatchObject({ step: "refused" });
  });

  it("dry-runs the example file: the command's counts and problems, the first rows to add, and nothing written", async () => {
    const before = await snapshot();
    const state = await actions.importAction(null, upload(EXAMPLE, "example.csv"));
    expect(state).toMatchObject({ step: "dry-run", fileName: "example.csv", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    if (state?.step !== "dry-run") throw new Error("no dry run");
    const { report } = state;
    expect(IMPORT_WORDS.counts(report)).toBe("10 rows: 4 to add, 0 to change, 0 unchanged; 6 problems");
    // As docs/operator-import.md prints the command's dry run of this file.
    expect(report.problems.map(IMPORT_WORDS.problem)).toEqual([
      'line 6, office_state: office_state "ZZ" is not a U.S. state (two letters, like TX).',
      "line 7, service_zips: service_zips: ZIP code 00001 is not in the site's ZIP data.",
      "line 8, email: email must be one plain address, like name@example.com.",
      "line 9, management_fee: management_fee is not understood: write a percent (8%) or a dollar amount ($99), or leave it empty.",
      "line 10, external_id: duplicate: line 2 has the same external_id.",
      "line 11, website: duplicate: line 3 has the same website.",
    ]);
    expect(report.examples.added.map((row) => `${row.line} ${row.external_id} ${row.office_city}`)).toEqual(["2 ex-0001 Austin", "3 ex-0002 Dallas", "4 ex-0003 Houston", "5 ex-0004 Denver"]);
    expect(await snapshot()).toEqual(before);
    expect(await imported()).toEqual([]);
  });

  it("refuses a file past the bound in words, and one with no file", async () => {
    const large = new FormData();
    large.set("file", new File([new Uint8Array(MANAGERS_UPLOAD_MAX_BYTES + 1)], "large.csv"));
    expect(await actions.importAction(null, large)).toEqual({ step: "refused", message: MANAGERS_PAGE.tooLarge(MANAGERS_UPLOAD_MAX_BYTES + 1, MANAGERS_UPLOAD_MAX_BYTES) });
    expect(await actions.importAction(null, formOf({ intent: "dry-run" }))).toEqual({ step: "refused", message: MANAGERS_PAGE.noFile });
  });

  it("refuses to remove the samples while no real manager exists, as the command does without --force", async () => {
    const before = await snapshot();
    const sampleCount = await samples();
    expect(await actions.removeSamplesAction(null, formOf({ expected: String(sampleCount) }))).toEqual({ ok: false, message: SAMPLE_WORDS.wouldEmpty(sampleCount, "workspace") });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to apply a file other than the one its dry run read, and writes nothing", async () => {
    const before = await snapshot();
    const first = await actions.importAction(null, upload(CLEAN, "first.csv"));
    // Another file checked since (another tab): the first dry run's Apply names a file no longer held.
    await actions.importAction(null, upload(CLEAN.replace("Example Hill Country Homes", "Example Hill Country Homes Renamed"), "second.csv"));
    expect(await actions.importAction(null, applying(first))).toEqual({ step: "refused", message: MANAGERS_PAGE.fileChanged });
    const forged = applying(first);
    forged.set("sha256", "0".repeat(64));
    expect(await actions.importAction(null, forged)).toEqual({ step: "refused", message: MANAGERS_PAGE.fileChanged });
    expect(await snapshot()).toEqual(before);
    expect(await imported()).toEqual([]);
  });

  it("refuses to apply a file held for more than an hour, and writes nothing", async () => {
    const before = await snapshot();
    const dryRun = await actions.importAction(null, upload(CLEAN, "old.csv"));
    // Where the service holds this admin's file (lib/service/workspace/managers.ts): made two hours old.
    const held = path.join(os.tmpdir(), "managely-imports", `${createHash("sha256").update(admin.id).digest("hex").slice(0, 32)}.csv`);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(held, twoHoursAgo, twoHoursAgo);
    expect(await actions.importAction(null, applying(dryRun))).toEqual({ step: "refused", message: MANAGERS_PAGE.fileChanged });
    expect(await snapshot()).toEqual(before);
    expect(await imported()).toEqual([]);
  });

  it("applies the file its dry run read: adds its listings, in the audit log; a second Apply finds nothing held", async () => {
    const dryRun = await actions.importAction(null, upload(CLEAN, "clean.csv"));
    expect(dryRun).toMatchObject({ step: "dry-run", report: { added: 4, problems: [], applied: false } });
    expect(await imported()).toEqual([]);
    const applied = await actions.importAction(null, applying(dryRun));
    expect(applied).toMatchObject({ step: "applied", fileName: "clean.csv", report: { added: 4, changed: 0, problems: [], applied: true } });
    expect(await imported()).toEqual(["ex-0001", "ex-0002", "ex-0003", "ex-0004"]);
    const entry = await database.db.selectFrom("staff_audit_log").selectAll().where("action", "=", "managers.imported").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ staff_email: admin.email, target: "file:clean.csv" });
    expect(await actions.importAction(null, applying(dryRun))).toEqual({ step: "refused", message: MANAGERS_PAGE.fileChanged });
  });

  it("exports the imported listings in the command's columns", async () => {
    const response = await exportRoute.GET(new Request("http://localhost:3000/workspace/managers.csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe(MANAGER_CSV_COLUMNS.join(","));
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["ex-0001", "ex-0002", "ex-0003", "ex-0004"]);
  });

  it(
    "removes the samples once real managers exist, only when the confirmation's count is still true",
    async () => {
      const sampleCount = await samples();
      expect(sampleCount).toBeGreaterThan(0);
      expect(await actions.removeSamplesAction(null, formOf({ expected: String(sampleCount - 1) }))).toEqual({ ok: false, message: MANAGERS_PAGE.samplesChanged });
      expect(await samples()).toBe(sampleCount);
      expect(await actions.removeSamplesAction(null, formOf({ expected: String(sampleCount) })).catch(redirected)).toEqual({ redirectedTo: `/workspace/managers?removed=${sampleCount}` });
      expect(await samples()).toBe(0);
      expect(await imported()).toEqual(["ex-0001", "ex-0002", "ex-0003", "ex-0004"]);
    },
    WHOLE_SEED_TIMEOUT_MS,
  );
});
