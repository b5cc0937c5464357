import Link from "next/link";
import { getPageRecord, getStates } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { RichText } from "@/components/ui/RichText";
import { PageEntry } from "@/components/ui/PageEntry";
import { NewsletterBox } from "@/components/forms/NewsletterBox";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.laws);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/laws" });
}

export default async function LawsPage() {
  const [page, { states }] = await Promise.all([getPageRecord(PAGE_IDS.laws), getStates("Full")]);
  const byName = [...states].sort((a, b) => a.state.localeCompare(b.state));
  return (
    <>
      <PageEntry clear="all" smoothScroll />
      <SiteHeader variant="details" />
      <main id="main">
        <div className="page-banner">
          <div className="container">
            <h1 className="page-banner__title">Landlord Tenant Rights</h1>
          </div>
        </div>
        <div className="container section">
          <RichText html={page.description} className="lead-text" />
          {byName.length > 0 ? (
            <ul className="state-grid">
              {byName.map((state) => (
                <li key={state.id}>
                  <Link href={`/laws/${state.slug}`} className="state-grid__link">
                    <span className="state-grid__abbr" aria-hidden="true">
                      {state.abbreviation}
                    </span>
                    {state.state}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty-notice">We are preparing landlord-tenant summaries for every state. Please check back soon.</p>
          )}
        </div>
      </main>
      <NewsletterBox />
    </>
  );
}
