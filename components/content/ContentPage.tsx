import type { Metadata } from "next";
import { getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import type { ClearingRule } from "@/lib/lead-form/storage";
import type { HeaderVariant } from "@/components/layout/NavMenu";
import { RichText } from "@/components/ui/RichText";
import { PageShell } from "@/components/layout/PageShell";

/** The content pages of spec 2.6: a title, the HTML description, the newsletter box. */
export type ContentPageConfig = {
  pageId: number;
  path: string;
  clear?: ClearingRule;
  header?: HeaderVariant;
  /** The heading the spec fixes for this page, when it fixes one. */
  title?: string;
};

export async function contentPageMetadata({ pageId, path }: ContentPageConfig): Promise<Metadata> {
  const page = await getPageRecord(pageId);
  return pageMetadata({ title: page.seo_title, description: page.seo_description, keywords: page.seo_keywords, path });
}

export async function ContentPage({ pageId, clear, header = "details", title, children }: ContentPageConfig & { children?: React.ReactNode }) {
  const page = await getPageRecord(pageId);
  return (
    <PageShell title={title ?? page.heading} clear={clear} header={header}>
      <div className="container content-page__body">
        <RichText html={page.description} className="content-page__text" />
        {children}
      </div>
    </PageShell>
  );
}
