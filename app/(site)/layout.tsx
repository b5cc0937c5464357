import { getPageRecord } from "@/lib/api/pages";
import { sanitizeRichText } from "@/lib/sanitize";
import { PAGE_IDS } from "@/lib/contract/site";
import { TopBar } from "@/components/layout/TopBar";
import { PreviewBar } from "@/components/seo/PreviewBar";
import "@/styles/site.css";
import "@/styles/directory.css";

/** Every public page outside the quote flow: the draft preview's bar (draft mode only), the announcement bar, then the page (with its header). */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const topBar = await getPageRecord(PAGE_IDS.topBar).catch(() => null);
  return (
    <>
      <PreviewBar />
      {topBar?.status === 1 && <TopBar html={sanitizeRichText(topBar.description)} />}
      {children}
    </>
  );
}
