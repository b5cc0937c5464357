import crypto from "node:crypto";
import { findLiveStaffSession } from "../../db/queries/staff";
import { isStaffRole } from "../../contract/staff";
import { draftForPreview } from "./seo";
import type { Db } from "../../db/schema";

/**
 * The preview cookie (PREVIEW_DRAFT_COOKIE): which draft a page in draft mode shows, and for whom.
 * Next.js's own draft-mode cookie is one value per build (anyone who previewed once holds it), so
 * it only switches draft mode on; this cookie decides. Its value, `<draft id>.<session id>.<MAC>`,
 * is set by the role-checked preview route and signed with the staff secret: it cannot be made
 * up or pointed at another draft, and a page shows the draft only while the session that opened
 * the preview lasts, its staff member still owns the draft and their role still allows it. The
 * staff session cookie itself never reaches a public page (it is scoped to /workspace).
 */
const PREVIEW_VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, draftId: number, sessionId: string) =>
  crypto.createHmac("sha256", secret).update(`managely preview\0${draftId}\0${sessionId}`).digest("base64url");

export function signPreview(secret: string, { draftId, sessionId }: { draftId: number; sessionId: string }): string {
  return `${draftId}.${sessionId}.${mac(secret, draftId, sessionId)}`;
}

/** The draft and session a preview cookie names, when its signature is ours; otherwise null. */
function readPreview(secret: string, value: string): { draftId: number; sessionId: string } | null {
  const match = PREVIEW_VALUE.exec(value);
  if (!match) return null;
  const draftId = Number(match[1]);
  const sessionId = match[2];
  const expected = Buffer.from(mac(secret, draftId, sessionId));
  const given = Buffer.from(match[3]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { draftId, sessionId } : null;
}

/** The draft a public page in draft mode shows for this preview cookie (the "seo/draft" call), or null. */
export async function draftOfPreviewCookie(db: Db, { preview, secret, now = new Date() }: { preview: string; secret: string; now?: Date }) {
  const named = readPreview(secret, preview);
  if (!named) return null;
  const session = await findLiveStaffSession(db, { id: named.sessionId, now });
  if (!session || session.banned || !isStaffRole(session.role)) return null;
  return draftForPreview(db, { id: session.user_id, email: session.email, role: session.role }, { draftId: named.draftId });
}
