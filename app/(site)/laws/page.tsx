import Link from "next/link";
import { getLawComparisons, getPageRecord, getStates } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, linkListLd, webPageLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { LAWS_TITLE, PAGE_IDS } from "@/lib/contract/site";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";
import { CompareLinks } from "@/components/laws/CompareLinks";
import { LegalNotice } from "@/components/laws/LegalNotice";
import { PATHS, lawPath } from "@/lib/contract/routes";
import { fixedHeading } from "@/lib/contract/page-headings";
import { LAW_PAGES } from "@/lib/contract/page-messages";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.laws);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.laws, page)), path: PATHS.laws });
}

export default async function LawsPage() {
  const [page, { states }, comparisons] = await Promise.all([getPageRecord(PAGE_IDS.laws), getStates("Full"), getLawComparisons()]);
  const byName = [...states].sort((a, b) => a.state.localeCompare(b.state));
  const title = fixedHeading(PATHS.laws);
  const crumbs = crumbsFromHome({ name: "Laws", path: PATHS.laws });
  const statePages = linkListLd(siteUrl(), `${LAWS_TITLE} by state`, byName.map((state) => ({ name: `${LAWS_TITLE} in ${state.state}`, path: lawPath(state.slug) })));
  return (
    <PageShell title={title} crumbs={crumbs}>
      <JsonLd
        data={[
          webPageLd(siteUrl(), { type: "CollectionPage", path: PATHS.laws, name: title, description: page.seo_description, mainEntity: statePages }),
          breadcrumbLd(siteUrl(), crumbs),
        ]}
      />
      <div className="container section">
        {/* The page record's own copy says near the top that none of this is legal advice. */}
        <RichText html={page.description} className="lead-text" />
        <h2 id="laws-by-state">Laws by state</h2>
        {byName.length > 0 ? (
          <ul className="state-grid">
            {byName.map((state) => (
              <li key={state.id}>
                <Link href={lawPath(state.slug)} className="state-grid__link">
                  <span className="state-grid__abbr" aria-hidden="true">
                    {state.abbreviation}
                  </span>
                  {state.state}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-notice">{LAW_PAGES.preparing}</p>
        )}
        {comparisons.length > 0 && (
          <section aria-labelledby="compare-states" className="laws-index__compare">
            <h2 id="compare-states">Compare the states</h2>
            <p>{LAW_PAGES.compareLead}</p>
            <CompareLinks topics={comparisons} />
          </section>
        )}
        <LegalNotice placement="end" />
      </div>
    </PageShell>
  );
}
