import type { Metadata } from "next";
import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS } from "@/lib/site";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getPageRecord(PAGE_IDS.home);
  return { title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords };
}

export default async function HomePage() {
  const page = await getPageRecord(PAGE_IDS.home);
  return (
    <main>
      <h1>{page.heading}</h1>
      <div dangerouslySetInnerHTML={{ __html: page.description }} />
    </main>
  );
}
