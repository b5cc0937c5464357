import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { SITE_NAME } from "@/lib/contract/site";
import { PATHS } from "@/lib/contract/routes";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { listingOfLink, siteListingDb } from "@/lib/service/listing-self-service";
import { PageShell } from "@/components/layout/PageShell";
import { signInAction } from "../../actions";
import "@/styles/listing.css";

/**
 * /your-listing/sign-in/{token}: the mailed link. Opening it uses nothing (mail scanners open
 * links): its button signs in, once. Private (routes.ts isPrivatePath): no-store, noindex, no
 * referrer, in no sitemap.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata(LISTING_SELF.signInTitle);

export default async function ListingSignInPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const listing = await listingOfLink(await siteListingDb(), { token });
  return (
    <PageShell title={LISTING_SELF.signInTitle} newsletter={false}>
      <div className="container section your-listing">
        {listing ? (
          <form action={signInAction} className="your-listing__signin">
            <p>{LISTING_SELF.signInIntro(listing.company_name)}</p>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="button">
              {LISTING_SELF.signInButton}
            </button>
          </form>
        ) : (
          <>
            <p role="alert" className="your-listing__error">
              {LISTING_SELF.linkInvalid}
            </p>
            <p>
              <a href={PATHS.home}>{SITE_NAME}</a>
            </p>
          </>
        )}
      </div>
    </PageShell>
  );
}
