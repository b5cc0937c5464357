import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { notFound } from "next/navigation";
import { getOwnerProposals, getOwnerRequest } from "@/lib/api/requests";
import { PageShell } from "@/components/layout/PageShell";
import { RequestDetails } from "@/components/requests/RequestDetails";
import { LiveProposals } from "@/components/requests/LiveProposals";

/**
 * /requests/{token}: an owner's private request page. Rendered for each visit and
 * never stored by a cache (no-store), kept out of search engines and the sitemap, and sending no
 * Referer, so its address (the token is the only key to it) goes nowhere else. A token that opens
 * nothing is a plain 404.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata("Your request");

export default async function RequestPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [request, proposals] = await Promise.all([getOwnerRequest(token), getOwnerProposals(token)]);
  if (!request) notFound();
  // Proposals come once the request reached its managers.
  const delivered = proposals && !proposals.withdrawn && !request.awaiting_confirmation && request.recipients.length > 0;
  return (
    <PageShell
      title={
        <>
          Your request <span className="request-reference">{request.reference}</span>
        </>
      }
      newsletter={false}
    >
      <RequestDetails
        request={request}
        token={token}
        proposals={delivered ? <LiveProposals token={token} initial={proposals} /> : null}
      />
    </PageShell>
  );
}
