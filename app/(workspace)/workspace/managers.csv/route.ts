import { MANAGERS_PAGE } from "@/lib/contract/operator-messages";
import { managersCsvStream, startManagersExport } from "@/lib/service/workspace/managers";
import { staffCsvDownload } from "../csv-download";

/**
 * GET /workspace/managers.csv: every imported listing (admins only) in the columns and normal
 * forms of `npm run managers -- export` (the same function writes both), a thousand at a time;
 * each export is in the audit log.
 */
export async function GET(request: Request) {
  return staffCsvDownload(request, { filename: "managely-managers.csv", words: MANAGERS_PAGE, start: startManagersExport, body: managersCsvStream });
}
