import type { Metadata } from "next";
import { env } from "@/lib/env";
import { SITE_NAME } from "@/lib/contract/site";
import { PATHS, STEP_PATHS } from "@/lib/contract/routes";
import { DEFAULT_SHARE_IMAGE } from "@/lib/seo/metadata";
import "@/styles/site.css";
import { PAGE_DESCRIPTIONS } from "@/lib/contract/messages";
import { FAILED_PAGE } from "@/lib/contract/page-messages";

const TITLE = `Page not found | ${SITE_NAME}`;
const DESCRIPTION = PAGE_DESCRIPTIONS.notFound;

// No robots here: Next.js gives every 404 its noindex, and a second one would repeat it.
export const metadata: Metadata = {
  title: TITLE,
  description: DESCRIPTION,
  openGraph: { type: "website", siteName: SITE_NAME, title: TITLE, description: DESCRIPTION, locale: "en_US", images: [DEFAULT_SHARE_IMAGE] },
  twitter: { card: "summary_large_image", title: TITLE, description: DESCRIPTION, site: env().TWITTER_SITE, images: [{ url: DEFAULT_SHARE_IMAGE.url, alt: DEFAULT_SHARE_IMAGE.alt }] },
};

const LINKS = [
  { href: PATHS.home, label: "Home" },
  { href: PATHS.resources, label: "Find property managers by state and city" },
  { href: PATHS.laws, label: "Landlord-tenant laws by state" },
  { href: PATHS.blogs, label: "Blog & News" },
  { href: STEP_PATHS[1], label: "Get free quotes from local managers" },
];

/**
 * Unknown blog, law, manager, city or address: a real 404 that helps the visitor on, under the
 * site's logo; the footer comes from the root layout. Kept small on purpose: Next.js sends this
 * page's tree with every page of the site (in its flight data, once per layout), so a full
 * header here cost every page its bytes. One element, built once: the flight data sends it once
 * and refers to it the second time.
 */
const PAGE = (
  <main id="main" className="not-found">
    <div className="container not-found__inner">
      <a href={PATHS.home} className="not-found__logo">
        {/* eslint-disable-next-line @next/next/no-img-element -- a logo served as it is (components/ui/Img.tsx) */}
        <img src="/brand/logo.svg" alt={`${SITE_NAME} home`} width={144} height={32} />
      </a>
      <p className="not-found__code">404</p>
      <h1>We could not find that page</h1>
      <p>{FAILED_PAGE.notFoundLead}</p>
      <ul className="not-found__links">
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  </main>
);

export default function NotFound() {
  return PAGE;
}
