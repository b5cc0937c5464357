import Link from "next/link";
import { getPageRecord, getStates } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.laws);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/laws" });
}

export default async function LawsPage() {
  const [page, { states }] = await Promise.all([getPageRecord(PAGE_IDS.laws), getStates("Full")]);
  const byName = [...states].sort((a, b) => a.state.localeCompare(b.state));
  return (
    <PageShell title="Landlord Tenant Rights" clear="all">
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
    </PageShell>
  );
}
