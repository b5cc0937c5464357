import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { getLeadConfirmation } from "@/lib/api/requests";
import { CONFIRM } from "@/lib/contract/messages";
import { PageShell } from "@/components/layout/PageShell";
import { ConfirmLead } from "@/components/requests/ConfirmLead";

/**
 * /requests/confirm/{token}: the link of a request's confirmation email. Opening it
 * sends nothing (mail scanners open links): it lists the waiting requests of the address, and only
 * its button (lead/confirm) sends them. Private like the request page: no-store, no referrer, no
 * indexing (routes.ts isPrivatePath).
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata(CONFIRM.title);

export default async function ConfirmLeadPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const requests = await getLeadConfirmation(token);
  return (
    <PageShell title={CONFIRM.title} newsletter={false}>
      <div className="container section confirm-lead">
        {requests === null ? <p role="status">{CONFIRM.invalidLink}</p> : <ConfirmLead token={token} requests={requests} />}
      </div>
    </PageShell>
  );
}
