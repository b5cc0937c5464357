import { getPageRecord } from "@/lib/api/pages";
import { siteOperator, siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, webPageLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { PATHS } from "@/lib/contract/routes";
import { JsonLd } from "@/components/seo/JsonLd";
import { PAGE_IDS, SITE_NAME } from "@/lib/contract/site";
import { RichText } from "@/components/ui/RichText";
import { ContactForm } from "@/components/forms/ContactForm";
import { PageShell } from "@/components/layout/PageShell";
import { fixedHeading } from "@/lib/contract/page-headings";

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.contact);
  return pageMetadata({ ...(await pageSeo("fixed", PATHS.contact, page)), path: PATHS.contact });
}

const TITLE = fixedHeading(PATHS.contact);

export default async function ContactPage() {
  const page = await getPageRecord(PAGE_IDS.contact);
  const crumbs = crumbsFromHome({ name: "Contact Us", path: PATHS.contact });
  const operator = siteOperator();
  return (
    <PageShell title={TITLE} titleId="contact-title" crumbs={crumbs}>
      <JsonLd data={[webPageLd(siteUrl(), { type: "ContactPage", path: PATHS.contact, name: TITLE, description: page.seo_description }), breadcrumbLd(siteUrl(), crumbs)]} />
      <div className="container section contact-page">
        <RichText html={page.description} className="contact-page__intro" />
        <section className="contact-page__operator" aria-labelledby="operator-title">
          <h2 id="operator-title">Who runs {SITE_NAME}</h2>
          <address>
            {operator.address}
            <br />
            Email: <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </address>
        </section>
        <div className="contact-page__form">
          <ContactForm headingId="contact-title" />
        </div>
      </div>
    </PageShell>
  );
}
