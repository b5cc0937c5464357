import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { notFound } from "next/navigation";
import { getManagerProposal } from "@/lib/api/requests";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { PageShell } from "@/components/layout/PageShell";
import { LiveManagerProposal } from "@/components/proposals/LiveManagerProposal";

/**
 * /proposals/{token}: a recipient manager's private proposal page. Like the owner's
 * request page: rendered per visit, no-store, noindex, no referrer, in no sitemap; a token that
 * opens nothing is a plain 404.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata("Your proposal");

export default async function ProposalPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const answer = await getManagerProposal(token);
  if (!answer) notFound();
  return (
    <PageShell title={answer.status === "open" ? PROPOSAL.pageTitle(answer.request.reference) : PROPOSAL.closedTitle} newsletter={false}>
      <LiveManagerProposal token={token} initial={answer} />
    </PageShell>
  );
}
