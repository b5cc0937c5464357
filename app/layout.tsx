import type { Metadata, Viewport } from "next";
import { siteUrl } from "@/lib/env";
import { SITE_NAME } from "@/lib/contract/site";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { RouteEntry } from "@/components/ui/RouteEntry";
import "@/styles/globals.css";

/**
 * Every page is refreshed hourly (PAGE_REVALIDATE_SECONDS in lib/contract/cache-policy.ts: Next.js
 * reads this only as a literal, and lib/contract/cache-policy.test.ts keeps the two equal). Set
 * here once, it holds for every page below; pages that read the request stay dynamic.
 */
export const revalidate = 3600;

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  applicationName: SITE_NAME,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0f766e",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <RouteEntry />
        <MessageDialogProvider>{children}</MessageDialogProvider>
      </body>
    </html>
  );
}
