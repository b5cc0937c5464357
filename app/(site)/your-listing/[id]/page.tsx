import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import Link from "next/link";
import { notFound } from "next/navigation";
import { agentPath } from "@/lib/contract/routes";
import { parseRecordId } from "@/lib/contract/record-id";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { nullWhenMissing } from "@/lib/contract/errors";
import { linkRequestPage, siteListingDb } from "@/lib/service/listing-self-service";
import { PageShell } from "@/components/layout/PageShell";
import { AskLinkForm } from "../ask-link-form";
import "@/styles/listing.css";

/**
 * /your-listing/{id}: "Is this your company? Update this listing", linked from every profile. It
 * mails a one-time sign-in link to the email on the listing, never to an address typed here; a
 * sample listing says nobody can sign in to it. Private (routes.ts isPrivatePath): no-store,
 * noindex, no referrer, in no sitemap; an unknown listing is a 404.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata(LISTING_SELF.profileLink);

async function listingPage(id: string) {
  const agentId = parseRecordId(id);
  if (agentId === null) return null;
  return nullWhenMissing(linkRequestPage(await siteListingDb(), { agentId }));
}

export default async function YourListingPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ "signed-out"?: string }> }) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const page = await listingPage(id);
  if (!page) notFound();
  const profile = agentPath({ state: page.listing.state, city_slug: page.listing.city_slug, agent_id: page.id });
  return (
    <PageShell title={page.sample ? LISTING_SELF.sampleTitle : LISTING_SELF.askTitle(page.company_name)} newsletter={false}>
      <div className="container section your-listing">
        {query["signed-out"] === "1" && (
          <p role="status" className="your-listing__ok">
            {LISTING_SELF.signedOut}
          </p>
        )}
        {page.sample ? (
          <p>{LISTING_SELF.sample}</p>
        ) : (
          <>
            <p>{LISTING_SELF.askIntro(page.masked)}</p>
            <AskLinkForm agentId={page.id} />
          </>
        )}
        <p>
          <Link href={profile}>{LISTING_SELF.backToProfile(page.company_name)}</Link>
        </p>
      </div>
    </PageShell>
  );
}
