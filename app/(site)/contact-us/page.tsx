import { getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { PAGE_IDS } from "@/lib/site";
import { RichText } from "@/components/ui/RichText";
import { ContactForm } from "@/components/forms/ContactForm";
import { PageShell } from "@/components/layout/PageShell";

export const revalidate = 3600;

export async function generateMetadata() {
  const page = await getPageRecord(PAGE_IDS.contact);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path: "/contact-us" });
}

export default async function ContactPage() {
  const page = await getPageRecord(PAGE_IDS.contact);
  return (
    <PageShell title="Get In Touch" titleId="contact-title" clear="all">
      <div className="container section contact-page">
        <RichText html={page.description} className="contact-page__intro" />
        <div className="contact-page__form">
          <ContactForm headingId="contact-title" />
        </div>
      </div>
    </PageShell>
  );
}
