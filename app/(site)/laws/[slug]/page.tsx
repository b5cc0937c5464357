import { notFound, permanentRedirect } from "next/navigation";
import { getStateLaw } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd } from "@/lib/seo/json-ld";
import { pageMetadata, withSiteName } from "@/lib/seo/metadata";
import { LAWS_TITLE } from "@/lib/site";
import { LawSections } from "@/components/laws/LawSections";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

type Props = { params: Promise<{ slug: string }> };

/** Law pages are rendered on first request and then served from the cache. */
export function generateStaticParams() {
  return [];
}

const lawTitle = (state: string) => `${LAWS_TITLE} in ${state}`;

export async function generateMetadata({ params }: Props) {
  const law = await getStateLaw((await params).slug);
  if (!law) return { title: "State not found", robots: { index: false } };
  const title = lawTitle(law.state);
  return pageMetadata({
    title: withSiteName(title),
    description: `${title}: security deposits, landlord entry, notice to end a tenancy, notice for unpaid rent, late fees and the statutes behind them, in plain language.`,
    keywords: `${title}, ${law.state} tenant rights, ${law.state} security deposit law, ${law.state} eviction notice, ${law.state} landlord entry notice`,
    path: `/laws/${law.slug}`,
    type: "article",
  });
}

export default async function LawPage({ params }: Props) {
  const { slug } = await params;
  const law = await getStateLaw(slug);
  if (!law) notFound();
  if (slug !== law.slug) permanentRedirect(`/laws/${law.slug}`);

  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Laws", path: "/laws" },
    { name: law.state, path: `/laws/${law.slug}` },
  ];
  return (
    <PageShell title={lawTitle(law.state)} crumbs={crumbs} clear="all">
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <div className="container section law-page">
        <LawSections sections={law.document.scrapedData} />
      </div>
    </PageShell>
  );
}
