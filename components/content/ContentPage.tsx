import type { Metadata } from "next";
import { getPageRecord } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, webPageLd, type PageType } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { JsonLd } from "@/components/seo/JsonLd";
import type { HeaderVariant } from "@/components/layout/NavMenu";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

/** The content pages of spec 2.6: a title, the HTML description, the newsletter box. */
export type ContentPageConfig = {
  pageId: number;
  path: string;
  header?: HeaderVariant;
  /** The heading the spec fixes for this page, when it fixes one. */
  title?: string;
  /** What schema.org calls this kind of page (JSON-LD): WebPage unless a subtype fits. */
  schemaType?: PageType;
};

export async function contentPageMetadata({ pageId, path }: ContentPageConfig): Promise<Metadata> {
  const page = await getPageRecord(pageId);
  return pageMetadata({ ...(await pageSeo("fixed", path, page)), path });
}

export async function ContentPage({ pageId, path, header = "details", title, schemaType, children }: ContentPageConfig & { children?: React.ReactNode }) {
  const page = await getPageRecord(pageId);
  const heading = title ?? page.heading;
  const crumbs = crumbsFromHome({ name: heading, path });
  return (
    <PageShell title={heading} header={header} crumbs={crumbs}>
      <JsonLd data={[webPageLd(siteUrl(), { type: schemaType, path, name: heading, description: page.seo_description }), breadcrumbLd(siteUrl(), crumbs)]} />
      <div className="container content-page__body">
        <RichText html={page.description} className="content-page__text" />
        {children}
      </div>
    </PageShell>
  );
}
