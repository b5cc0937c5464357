import { UNSUBSCRIBE } from "@/lib/contract/operator-messages";
import { NO_STORE_HEADERS } from "@/lib/contract/cache-policy";
import { unsubscribePath } from "@/lib/contract/routes";
import { siteUnsubscribe } from "@/lib/service/unsubscribe";

/**
 * /unsubscribe/{token}/one-click: the URL of every List-Unsubscribe header (RFC 8058). A POST
 * whose body holds `List-Unsubscribe=One-Click` (as a mail program sends it, form-encoded or
 * multipart, from anywhere: no cookie, no origin check) unsubscribes at once; the unsubscribe
 * page's own button posts the same and is sent back to the page, which then says it is done. A
 * GET (a person or a scanner opening the URL) only goes to the page.
 */
type Params = { params: Promise<{ token: string }> };

const plain = (status: number, body: string) => new Response(`${body}\n`, { status, headers: { ...NO_STORE_HEADERS, "content-type": "text/plain; charset=utf-8" } });

export async function POST(request: Request, { params }: Params) {
  const { token } = await params;
  const form = await request.formData().catch(() => null);
  if (form?.get("List-Unsubscribe") !== "One-Click") return plain(400, UNSUBSCRIBE.oneClickBody);
  const outcome = await siteUnsubscribe(token);
  if (outcome === "invalid") return plain(404, UNSUBSCRIBE.invalid);
  // A browser (the page's button) goes back to the page; a mail program gets a short answer.
  if ((request.headers.get("accept") ?? "").includes("text/html")) {
    return new Response(null, { status: 303, headers: { ...NO_STORE_HEADERS, location: unsubscribePath(token) } });
  }
  return plain(200, UNSUBSCRIBE.oneClickDone);
}

export async function GET(_request: Request, { params }: Params) {
  const { token } = await params;
  return new Response(null, { status: 303, headers: { ...NO_STORE_HEADERS, location: unsubscribePath(token) } });
}
