import { getFaqs, getPageRecord } from "@/lib/api/pages";
import { faqPageLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { JsonLd } from "@/components/seo/JsonLd";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.faqs);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/faqs" });
}

export default async function FaqsPage() {
  const faqs = await getFaqs();
  return (
    <PageShell title="FAQs" subtitle="Because knowledge is meant for sharing">
      {faqs.length > 0 && <JsonLd data={faqPageLd(faqs)} />}
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
