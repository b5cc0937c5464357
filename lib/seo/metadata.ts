import type { Metadata } from "next";
import { env } from "../env";
import { SITE_NAME } from "../contract/site";
import { DEFAULT_SHARE_IMAGE, robotsFlags, type ShareImage } from "../contract/seo-text";

// The share image's type and the site's card live with the rest of a page's SEO words, where the
// marketers' workspace reads them too.
export { DEFAULT_SHARE_IMAGE } from "../contract/seo-text";

type PageSeo = {
  title: string;
  description: string;
  keywords?: string;
  /** The share card's own words (lib/contract/seo-fields.ts); empty or absent: the search ones. */
  og_title?: string;
  og_description?: string;
  /** The share image's alt text, when the page declares its image here (a segment's image file declares its own). */
  image_alt?: string;
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
  /**
   * The page's own settings from the workspace (lib/api/seo.ts pageSeo): "noindex" and/or
   * "nofollow" added to what the page decides, a canonical path that replaces `path`, a share
   * image path that replaces `image`. Null or absent: the page as it is.
   */
  robots?: string | null;
  canonical?: string | null;
  share_image?: string | null;
};

/**
 * The metadata every page sets for itself: title, description, keywords, a canonical link to
 * itself, Open Graph and a Twitter card. Set per page because a canonical set in a layout would
 * be inherited by every child (DESIGN.md "SEO pitfalls").
 */
export function pageMetadata(seo: PageSeo): Metadata {
  const { title, description, keywords, og_title, og_description, image_alt, type = "website", noindex, publishedTime } = seo;
  const own = robotsFlags(seo.robots);
  // A share image chosen in the workspace replaces the page's own card (a segment's image file too: metadata that names images wins).
  const image = seo.share_image ? { url: seo.share_image, alt: DEFAULT_SHARE_IMAGE.alt } : (seo.image ?? DEFAULT_SHARE_IMAGE);
  const ownImage = image === "from-segment" ? null : { ...image, alt: image_alt || image.alt };
  const social = { title: og_title || title, description: og_description || description };
  const canonical = seo.canonical || seo.path;
  return {
    title: { absolute: title },
    description,
    keywords: keywords || undefined,
    alternates: { canonical },
    robots: { index: !(noindex || own.noindex), follow: !own.nofollow },
    openGraph: {
      type,
      url: canonical,
      siteName: SITE_NAME,
      ...social,
      locale: "en_US",
      ...(ownImage ? { images: [ownImage] } : {}),
      ...(type === "article" && publishedTime ? { publishedTime } : {}),
    },
    // X reads the title and description from Open Graph (Next.js copies them into twitter:title
    // and twitter:description too); the card adds only what differs.
    twitter: {
      card: "summary_large_image",
      // The site's own handle (TWITTER_SITE), when it has one.
      site: env().TWITTER_SITE,
      ...(ownImage ? { images: [{ url: ownImage.url, alt: ownImage.alt }] } : {}),
    },
  };
}

/**
 * A private page's metadata (a request, a proposal, a confirmation or sign-in link, a listing's
 * own page): its title with the site's name, never indexed or followed, and its address (which
 * holds the key to it) never sent on as a referrer, not even to the site's own pages.
 */
export function privatePageMetadata(title: string): Metadata {
  return { title: { absolute: `${title} | ${SITE_NAME}` }, robots: { index: false, follow: false }, referrer: "no-referrer" };
}
