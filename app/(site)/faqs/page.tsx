import { getFaqs, getPageRecord } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, faqPageLd, webPageLd } from "@/lib/seo/json-ld";
import { PATHS } from "@/lib/contract/routes";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PAGE_IDS } from "@/lib/contract/site";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";
import { fixedHeading } from "@/lib/contract/page-headings";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.faqs);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.faqs, page)), path: PATHS.faqs });
}

const TITLE = fixedHeading(PATHS.faqs);

export default async function FaqsPage() {
  const [page, faqs] = await Promise.all([getPageRecord(PAGE_IDS.faqs), getFaqs()]);
  const crumbs = crumbsFromHome({ name: TITLE, path: PATHS.faqs });
  const about = { path: PATHS.faqs, name: TITLE, description: page.seo_description };
  return (
    <PageShell title={TITLE} subtitle="Because knowledge is meant for sharing" crumbs={crumbs}>
      <JsonLd data={[faqs.length > 0 ? faqPageLd(siteUrl(), about, faqs) : webPageLd(siteUrl(), about), breadcrumbLd(siteUrl(), crumbs)]} />
      {faqs.length > 0 && (
        <section className="container section faq-list" aria-label="Frequently asked questions">
          {faqs.map((faq) => (
            <article key={faq.id} className="faq-card">
              <h2 className="faq-card__question">{faq.question}</h2>
              <RichText html={faq.answer} className="faq-card__answer" />
            </article>
          ))}
        </section>
      )}
    </PageShell>
  );
}
