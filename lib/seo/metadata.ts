import type { Metadata } from "next";
import { SITE_NAME } from "../site";

type PageSeo = {
  title: string;
  description: string;
  keywords?: string;
  /** The page's own path, e.g. "/laws/texas": its canonical URL (never inherited). */
  path: string;
  image?: string;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  publishedTime?: string;
};

const DEFAULT_IMAGE = "/brand/og-image.png";

/**
 * The metadata every page sets for itself: title, description, keywords, a canonical link to
 * itself, Open Graph and a Twitter card. Set per page because a canonical set in a layout would
 * be inherited by every child (DESIGN.md "SEO pitfalls").
 */
export function pageMetadata({ title, description, keywords, path, image = DEFAULT_IMAGE, type = "website", noindex, publishedTime }: PageSeo): Metadata {
  return {
    title: { absolute: title },
    description,
    keywords: keywords || undefined,
    alternates: { canonical: path },
    robots: noindex ? { index: false, follow: true } : { index: true, follow: true },
    openGraph: {
      type,
      url: path,
      siteName: SITE_NAME,
      title,
      description,
      locale: "en_US",
      images: [{ url: image }],
      ...(type === "article" && publishedTime ? { publishedTime } : {}),
    },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

/** "Title | Managely", unless the title already names the site. */
export function withSiteName(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}
