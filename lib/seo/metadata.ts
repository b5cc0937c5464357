import type { Metadata } from "next";
import { env } from "../env";
import { SITE_NAME } from "../contract/site";
import { DEFAULT_SHARE_IMAGE, type ShareImage } from "../contract/seo-text";

// The share image's type and the site's card live with the rest of a page's SEO words, where the
// marketers' workspace reads them too.
export { DEFAULT_SHARE_IMAGE, type ShareImage } from "../contract/seo-text";

type PageSeo = {
  title: string;
  description: string;
  keywords?: string;
  /** The page's own path, e.g. "/laws/texas": its canonical URL (never inherited). */
  path: string;
  /**
   * The share image; "from-segment" when the route has opengraph-image and twitter-image files
   * (Next.js uses them only when the page's metadata names no images).
   */
  image?: ShareImage | "from-segment";
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  publishedTime?: string;
};

/**
 * The metadata every page sets for itself: title, description, keywords, a canonical link to
 * itself, Open Graph and a Twitter card. Set per page because a canonical set in a layout would
 * be inherited by every child (DESIGN.md "SEO pitfalls").
 */
export function pageMetadata({ title, description, keywords, path, image = DEFAULT_SHARE_IMAGE, type = "website", noindex, publishedTime }: PageSeo): Metadata {
  const ownImage = image === "from-segment" ? null : image;
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
      ...(ownImage ? { images: [ownImage] } : {}),
      ...(type === "article" && publishedTime ? { publishedTime } : {}),
    },
    // X reads the title and description from Open Graph; the card adds only what differs.
    twitter: {
      card: "summary_large_image",
      // The site's own handle (TWITTER_SITE), when it has one.
      site: env().TWITTER_SITE,
      ...(ownImage ? { images: [{ url: ownImage.url, alt: ownImage.alt }] } : {}),
    },
  };
}

/** "Title | Managely", unless the title already names the site. */
export function withSiteName(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}
