import { getStateLaw } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { lawHeading } from "@/lib/contract/page-headings";
import { LawSections } from "@/components/laws/LawSections";
import { LegalNotice } from "@/components/laws/LegalNotice";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";
import { PATHS, lawPath } from "@/lib/contract/routes";
import { PAGE_TABLE } from "@/lib/contract/page-table";
import { requirePage } from "@/lib/seo/canonical";

type Props = { params: Promise<{ slug: string }> };

/** Law pages are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props) {
  const law = await getStateLaw((await params).slug);
  if (!law) return { title: "State not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  return pageMetadata({
    ...(await pageSeo("law", lawPath(law.slug), { state: law.state })),
    path: lawPath(law.slug),
    type: "article",
  });
}

export default async function LawPage({ params }: Props) {
  const { slug } = await params;
  const law = requirePage(await getStateLaw(slug), lawPath(slug), (found) => PAGE_TABLE.law(found));

  const crumbs = [
    { name: "Home", path: PATHS.home },
    { name: "Laws", path: PATHS.laws },
    { name: law.state, path: lawPath(law.slug) },
  ];
  return (
    <PageShell title={lawHeading(law.state)} crumbs={crumbs}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <div className="container section law-page">
        {/* The page's own sections end with the full notice; this one comes before any rule. */}
        <LegalNotice placement="top" />
        <LawSections sections={law.document.scrapedData} />
      </div>
    </PageShell>
  );
}
