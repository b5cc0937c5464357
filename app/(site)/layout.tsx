import { getPageRecord } from "@/lib/api/pages";
import { sanitizeRichText } from "@/lib/sanitize";
import { PAGE_IDS } from "@/lib/contract/site";
import { TopBar } from "@/components/layout/TopBar";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { JoinNetworkProvider } from "@/components/forms/JoinNetwork";
import "@/styles/site.css";
import "@/styles/directory.css";

/** Every public page outside the quote flow: announcement bar, page (with its header), footer. */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const topBar = await getPageRecord(PAGE_IDS.topBar).catch(() => null);
  return (
    <JoinNetworkProvider>
      {topBar?.status === 1 && <TopBar html={sanitizeRichText(topBar.description)} />}
      {children}
      <SiteFooter />
    </JoinNetworkProvider>
  );
}
