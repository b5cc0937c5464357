import { getLawComparison, getLawComparisons } from "@/lib/api/pages";
import type { CallResponse } from "@/lib/contract";
import { UNVERIFIED_TEXT, formatReviewedDate, lawCompareSummary, lawCoverageSentence, sourceKind } from "@/lib/contract/law-topics";
import { siteUrl } from "@/lib/env";
import { PATHS, lawComparePath } from "@/lib/contract/routes";
import { breadcrumbLd, lawDatasetLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { CompareLinks } from "@/components/laws/CompareLinks";
import { LawCompareTable } from "@/components/laws/LawCompareTable";
import { LegalNotice } from "@/components/laws/LegalNotice";
import { StateFilter } from "@/components/laws/StateFilter";
import { JsonLd } from "@/components/seo/JsonLd";
import { PageShell } from "@/components/layout/PageShell";
import { PAGE_TABLE } from "@/lib/contract/page-table";
import { requirePage } from "@/lib/seo/canonical";

type Props = { params: Promise<{ topic: string }> };

/** Every topic with a comparison page is built ahead; any other address is a 404. */
export async function generateStaticParams() {
  return (await getLawComparisons()).map((topic) => ({ topic: topic.slug }));
}

type Comparison = CallResponse<"laws/compare">;

/** The introduction's sentences, every figure counted from the rows themselves. */
function introduction({ topic, rows }: Comparison) {
  const sources = new Set(rows.flatMap((row) => row.source_url ?? [])).size;
  const coverage = lawCoverageSentence(rows);
  const unverified = rows.filter((row) => row.value !== null && !row.verified).length;
  const secondary = new Set(rows.flatMap((row) => (row.source_url && sourceKind(row.source_url) === "secondary" ? [row.source_url] : []))).size;
  const sourcing =
    `Each row names the statute first, then links to the page the fact was checked against (${sources} pages in all, ${secondary} of them secondary sources rather than official sites). ` +
    (unverified > 0 ? `In ${unverified} ${unverified === 1 ? "state" : "states"} the statute could not be confirmed: ${unverified === 1 ? "its row says" : "those rows say"} "${UNVERIFIED_TEXT.short}". ` : "") +
    `Last reviewed: ${formatReviewedDate(topic.reviewed_on)}.`;
  return { coverage, sourcing, sources: [...new Set(rows.flatMap((row) => row.source_url ?? []))] };
}

export async function generateMetadata({ params }: Props) {
  const comparison = await getLawComparison((await params).topic);
  if (!comparison) return { title: "Comparison not found" }; // notFound() follows: Next.js adds the one noindex of a 404
  const { topic, rows } = comparison;
  return pageMetadata({
    ...(await pageSeo("law-compare", lawComparePath(topic.slug), { topic: topic.title, topic_label: topic.label.toLowerCase(), summary: lawCompareSummary(topic.description, rows) })),
    path: lawComparePath(topic.slug),
  });
}

export default async function LawComparePage({ params }: Props) {
  const { topic: wanted } = await params;
  // A comparison the service found is one of a topic that has a page.
  const comparison = requirePage(await getLawComparison(wanted), lawComparePath(wanted), (found) => PAGE_TABLE.lawCompare({ slug: found.topic.slug, compare: true }));
  const { topic, rows } = comparison;
  const path = lawComparePath(topic.slug);

  const { coverage, sourcing, sources } = introduction(comparison);
  const others = (await getLawComparisons()).filter((entry) => entry.topic !== topic.topic);
  const crumbs = [
    { name: "Home", path: PATHS.home },
    { name: "Laws", path: PATHS.laws },
    { name: topic.title, path },
  ];
  const tableId = `compare-${topic.slug}`;
  return (
    <PageShell title={topic.title} crumbs={crumbs}>
      <JsonLd data={breadcrumbLd(siteUrl(), crumbs)} />
      <JsonLd
        data={lawDatasetLd(siteUrl(), {
          name: topic.title,
          description: `${topic.description} ${coverage} ${sourcing}`,
          path,
          variable: topic.label,
          reviewedOn: topic.reviewed_on,
          sources,
          keywords: ["landlord tenant law", topic.label.toLowerCase(), "50-state comparison"],
        })}
      />
      <div className="container section law-compare-page">
        <LegalNotice placement="top" />
        <div className="law-compare-page__intro">
          <p>{topic.description}</p>
          <p>
            {coverage} {sourcing}
          </p>
        </div>
        <StateFilter tableId={tableId} total={rows.length} />
        <LawCompareTable id={tableId} caption={`${topic.title}: one row per state, with its statute and source`} label={topic.label} rows={rows} />
        {others.length > 0 && (
          <section aria-labelledby="other-comparisons">
            <h2 id="other-comparisons">Compare other rules</h2>
            <CompareLinks topics={others} />
          </section>
        )}
        <LegalNotice placement="end" />
      </div>
    </PageShell>
  );
}
