import type { Metadata, Viewport } from "next";
import { siteUrl } from "@/lib/env";
import { SITE_NAME } from "@/lib/contract/site";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { RouteEntry } from "@/components/ui/RouteEntry";
import "@/styles/globals.css";

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
