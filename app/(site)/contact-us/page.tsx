import { getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { RichText } from "@/components/ui/RichText";
import { PageEntry } from "@/components/ui/PageEntry";
import { ContactForm } from "@/components/forms/ContactForm";
import { NewsletterBox } from "@/components/forms/NewsletterBox";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.contact);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/contact-us" });
}

export default async function ContactPage() {
  const page = await getPageRecord(PAGE_IDS.contact);
  return (
    <>
      <PageEntry clear="all" smoothScroll />
      <SiteHeader variant="details" />
      <main id="main">
        <div className="page-banner">
          <div className="container">
            <h1 id="contact-title" className="page-banner__title">
              Get In Touch
            </h1>
          </div>
        </div>
        <div className="container section contact-page">
          <RichText html={page.description} className="contact-page__intro" />
          <div className="contact-page__form">
            <ContactForm headingId="contact-title" />
          </div>
        </div>
      </main>
      <NewsletterBox />
    </>
  );
}
