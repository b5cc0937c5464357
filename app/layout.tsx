import type { Metadata, Viewport } from "next";
// First: the stylesheets the components import (the footer's) come after it and win their ties.
import "@/styles/globals.css";
import { configuredOperator, siteUrl } from "@/lib/env";
import { siteCopy } from "@/lib/contract/operator-copy";
import { SITE_NAME, THEME_COLOR } from "@/lib/contract/site";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { RouteEntry } from "@/components/ui/RouteEntry";
import { JoinNetworkProvider } from "@/components/forms/JoinNetwork";
import { SiteFooter } from "@/components/layout/SiteFooter";

/**
 * Every page is refreshed hourly (PAGE_REVALIDATE_SECONDS in lib/contract/cache-policy.ts: Next.js
 * reads this only as a literal, and lib/contract/cache-policy.test.ts keeps the two equal). Set
 * here once, it holds for every page below; pages that read the request stay dynamic.
 */
export const revalidate = 3600;

/**
 * The icons are files beside this layout, which Next.js declares in every page's <head>:
 * app/favicon.ico (/favicon.ico), app/icon.svg, app/apple-icon.png (the apple-touch-icon) and
 * app/manifest.ts (the web manifest).
 */
export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  applicationName: SITE_NAME,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: THEME_COLOR,
};

/**
 * Every page, the quote flow and the 404 included, ends with the footer (spec 2.2), rendered
 * here once: a footer in each route group's layout and again in the not-found page was sent
 * three times in every page's flight data (about 14 kB of each page).
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <RouteEntry />
        <MessageDialogProvider>
          <JoinNetworkProvider intro={siteCopy(configuredOperator()).joinIntro}>
            {children}
            <SiteFooter />
          </JoinNetworkProvider>
        </MessageDialogProvider>
      </body>
    </html>
  );
}
