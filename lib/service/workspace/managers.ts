import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { ApiError } from "../../contract/errors";
import { can, type StaffRole } from "../../contract/staff";
import { MANAGERS_PAGE, SAMPLE_WORDS } from "../../contract/operator-messages";
import { MANAGERS_UPLOAD_MAX_BYTES } from "../../contract/managers-csv";
import { countListings } from "../../db/queries/managers";
import type { DeliveryRouting } from "../delivery/routing";
import { exportManagers, importManagers, removeSamples, type ImportReport } from "../managers";
import { audit, refuseUnless, type StaffIdentity } from "./audit";

/**
 * The managers CSV in the workspace (/workspace/managers), for admins: the same service as
 * `npm run managers` (lib/service/managers.ts), with the file held on the server between its dry
 * run and its import. Every function takes the signed-in staff member and checks the role itself.
 *
 * The file a dry run read is kept, one per staff member (a later dry run replaces it), under the
 * system's temporary folder for an hour, with its SHA-256. The import reads that file, and only
 * when its digest is the one the dry run showed: what is applied is what was checked. A server
 * restart or a second instance without that folder loses it, and the import asks for a new dry run.
 */
type Db = Kysely<Database>;

export const managesListings = (role: StaffRole) => can(role, "managers:import");

const requireAdmin = (db: Db, staff: StaffIdentity) => refuseUnless(db, staff, "managers:import", MANAGERS_PAGE.forbidden(staff.role));

/** How long a checked file waits for its import. */
const PENDING_MS = 60 * 60 * 1000;

const pendingDir = () => path.join(os.tmpdir(), "managely-imports");
/** The staff member's id is better-auth's (letters, digits): hashed anyway, so it can name no other path. */
const pendingFile = (staff: StaffIdentity) => path.join(pendingDir(), `${createHash("sha256").update(staff.id).digest("hex").slice(0, 32)}.csv`);

const sha256Of = (content: Uint8Array) => createHash("sha256").update(content).digest("hex");
const sourceOf = (content: Buffer) => () => Readable.from([content]);

/** Removes the files no import came for within the hour (each dry run tidies up after the others). */
async function dropExpired(): Promise<void> {
  const names = await fs.readdir(pendingDir()).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(pendingDir(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs >= PENDING_MS) await fs.rm(file, { force: true });
  }
}

export type CheckedUpload = { report: ImportReport; sha256: string; fileName: string };

/** A dry run of an uploaded file: writes nothing to the database, keeps the file for its import. */
export async function dryRunUpload(db: Db, staff: StaffIdentity, { content, fileName, routing }: { content: Buffer; fileName: string; routing: DeliveryRouting }): Promise<CheckedUpload> {
  await requireAdmin(db, staff);
  if (content.length > MANAGERS_UPLOAD_MAX_BYTES) throw new ApiError(413, MANAGERS_PAGE.tooLarge(content.length, MANAGERS_UPLOAD_MAX_BYTES));
  const report = await importManagers(db, { open: sourceOf(content), dryRun: true, routing });
  await fs.mkdir(pendingDir(), { recursive: true, mode: 0o700 });
  await dropExpired();
  await fs.writeFile(pendingFile(staff), content, { mode: 0o600 });
  return { report, sha256: sha256Of(content), fileName };
}

/**
 * Imports the file this staff member's last dry run read, when its SHA-256 is `sha256` (the one
 * the dry run showed); refused otherwise, writing nothing. All or nothing (importManagers).
 */
export async function applyUpload(db: Db, staff: StaffIdentity, { sha256, fileName, routing }: { sha256: string; fileName: string; routing: DeliveryRouting }): Promise<ImportReport> {
  await requireAdmin(db, staff);
  const file = pendingFile(staff);
  const fresh = await fs.stat(file).then((stat) => Date.now() - stat.mtimeMs < PENDING_MS, () => false);
  const content = fresh ? await fs.readFile(file).catch(() => null) : null;
  if (!content || sha256Of(content) !== sha256) throw new ApiError(409, MANAGERS_PAGE.fileChanged);
  const report = await importManagers(db, { open: sourceOf(content), dryRun: false, routing });
  if (report.applied) {
    await fs.rm(file, { force: true });
    if (report.added + report.changed > 0) await audit(db, staff, "managers.imported", `file:${fileName}`, `${report.added} added, ${report.changed} changed; sha256 ${sha256}`);
  }
  return report;
}

/** How many sample and real listings there are, and why removing the samples is refused now (the command's rule), if it is. */
export async function sampleListings(db: Db, staff: StaffIdentity): Promise<{ samples: number; real: number; refused: string | null }> {
  await requireAdmin(db, staff);
  const counts = await countListings(db);
  return { ...counts, refused: counts.samples > 0 && counts.real === 0 ? SAMPLE_WORDS.wouldEmpty(counts.samples, "workspace") : null };
}

/** Removes the sample listings, when there are still `expected` of them (the count the confirmation named); never forced. */
export async function removeSampleListings(db: Db, staff: StaffIdentity, { expected, routing }: { expected: number; routing: DeliveryRouting }): Promise<number> {
  await requireAdmin(db, staff);
  const { samples } = await countListings(db);
  if (samples !== expected) throw new ApiError(409, MANAGERS_PAGE.samplesChanged);
  const result = await removeSamples(db, { dryRun: false, force: false, routing });
  if (result.refused) throw new ApiError(409, SAMPLE_WORDS.wouldEmpty(result.samples, "workspace"));
  if (result.removed) await audit(db, staff, "samples.removed", null, `${result.removed} listings`);
  return result.removed;
}

/** Starts an export: the role is checked and the export is in the audit log. */
export async function startManagersExport(db: Db, staff: StaffIdentity): Promise<void> {
  await requireAdmin(db, staff);
  await audit(db, staff, "managers.exported", null);
}

/** The imported listings as the command's export writes them, as a stream of text. */
export function managersCsvStream(db: Db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  exportManagers(db, async (chunk) => {
    await writer.ready;
    await writer.write(encoder.encode(chunk));
  }).then(
    () => writer.close(),
    // The download was cancelled (or the database failed): the stream ends with the error.
    (error: unknown) => writer.abort(error).catch(() => undefined),
  );
  return readable;
}
