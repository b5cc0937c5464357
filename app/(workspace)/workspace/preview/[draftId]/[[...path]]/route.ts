import { cookies, draftMode } from "next/headers";
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/contract/errors";
import { PREVIEW_DRAFT_COOKIE, WORKSPACE } from "@/lib/contract/staff";
import { PATHS } from "@/lib/contract/routes";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { siteUrl } from "@/lib/env";
import { previewCookieValue, workspaceDb } from "@/lib/service/workspace";
import { siteRows } from "@/lib/service/workspace/site";
import { draftToPreview } from "@/lib/service/workspace/seo";
import { staffOf } from "../../../staff-session";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/**
 * GET /workspace/preview/{draftId}[/{page path}]: opens the real page with one of your drafts
 * applied (Next.js's draft mode). The role is checked here (editors for pages, admins for
 * templates; only your own drafts), and the redirect goes only to an indexable page of the
 * site: the draft's own page, or for a template a page of its kind (the one named after the id,
 * or its first).
 */
/** Next.js's own draft-mode cookie (a session cookie as it sets it). */
const DRAFT_MODE_COOKIE = "__prerender_bypass";
const PRIVATE = PRIVATE_NO_STORE_HEADERS;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A refusal as a small page (403: the role; 404: no such draft or page), with the way back. */
const refusal = (status: number, text: string) =>
  new Response(
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${status === 403 ? "Not allowed" : "Not found"} | Managely workspace</title></head>` +
      `<body><main><h1>${status === 403 ? "Your role does not allow this" : "Nothing to preview"}</h1><p>${escapeHtml(text)}</p><p><a href="${WORKSPACE_PATHS.home}">Back to the workspace</a></p></main></body></html>`,
    { status, headers: { ...PRIVATE, "content-type": "text/html; charset=utf-8" } },
  );

type Context = { params: Promise<{ draftId: string; path?: string[] }> };

export async function GET(request: Request, { params }: Context) {
  const staff = await staffOf(request);
  if (!staff) return NextResponse.redirect(new URL(WORKSPACE_PATHS.signIn, siteUrl()), { status: 303, headers: PRIVATE });
  const { draftId, path: segments } = await params;
  const id = /^\d{1,12}$/.test(draftId) ? Number(draftId) : 0;
  const db = await workspaceDb();
  let preview: Awaited<ReturnType<typeof draftToPreview>>;
  try {
    preview = await draftToPreview(db, staff, { draftId: id });
  } catch (error) {
    if (error instanceof ApiError) return refusal(error.status, error.message);
    throw error;
  }
  const { target } = preview;
  const wanted = segments?.length ? `/${segments.map((segment) => decodeURIComponent(segment)).join("/")}` : null;
  const ofKind = (await siteRows(db)).rows.filter((row) => row.kind === target.kind);
  const destination = target.type === "page" ? target.path : wanted === null ? ofKind[0]?.path : ofKind.find((row) => row.path === wanted)?.path;
  if (!destination) return refusal(404, WORKSPACE.notOfTemplateKind);

  (await draftMode()).enable();
  const jar = await cookies();
  // Bound to this session and signed: a public page shows the draft only to it (lib/service/workspace/preview.ts).
  // Both cookies end when the session does: draft mode never outlives it (signing out clears them too).
  const lasting = { path: PATHS.home, httpOnly: true, sameSite: "lax" as const, secure: siteUrl().startsWith("https://"), expires: staff.sessionExpiresAt };
  jar.set(PREVIEW_DRAFT_COOKIE, await previewCookieValue(db, { draftId: id, sessionId: staff.sessionId }), lasting);
  const bypass = jar.get(DRAFT_MODE_COOKIE);
  if (bypass) jar.set(DRAFT_MODE_COOKIE, bypass.value, { ...lasting, sameSite: "none", secure: true });
  return NextResponse.redirect(new URL(destination, siteUrl()), { status: 303, headers: PRIVATE });
}
