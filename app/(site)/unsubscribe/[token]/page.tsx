import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { notFound } from "next/navigation";
import { UNSUBSCRIBE } from "@/lib/contract/operator-messages";
import { unsubscribeOneClickPath } from "@/lib/contract/routes";
import { siteUnsubscribeState } from "@/lib/service/unsubscribe";
import { PageShell } from "@/components/layout/PageShell";
import "@/styles/requests.css";

/**
 * /unsubscribe/{token}: the link at the end of every newsletter and owner email. Opening it
 * changes nothing (mail scanners open links): its one button posts `List-Unsubscribe=One-Click`
 * to the same one-click address a mail program uses (RFC 8058), which unsubscribes at once and
 * comes back here. Works without JavaScript. Private: no-store, no referrer, no indexing
 * (routes.ts isPrivatePath); a token the site did not sign is a 404.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata(UNSUBSCRIBE.pageTitle);

export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await siteUnsubscribeState(token);
  if (state === "invalid") notFound();
  return (
    <PageShell title={UNSUBSCRIBE.pageTitle} newsletter={false}>
      <div className="container section confirm-subscription">
        {state === "unsubscribed" ? (
          <p role="status" className="confirm-subscription__done">
            {UNSUBSCRIBE.already}
          </p>
        ) : (
          <>
            <p>{UNSUBSCRIBE.pageLead}</p>
            <p>{UNSUBSCRIBE.pageErase}</p>
            <p>{UNSUBSCRIBE.pageTransactional}</p>
            <form method="post" action={unsubscribeOneClickPath(token)}>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit" className="button">
                {UNSUBSCRIBE.button}
              </button>
            </form>
          </>
        )}
      </div>
    </PageShell>
  );
}
