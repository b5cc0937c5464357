import type { MetadataRoute } from "next";
import { MANIFEST_ICON_SIZES, SITE_NAME, SITE_TAGLINE, THEME_COLOR, manifestIconPath } from "@/lib/contract/site";

/**
 * The web manifest (/manifest.webmanifest, linked from every page's <head> by Next.js): the
 * name, colours and icons a phone uses when the site is added to its home screen. The icons are
 * drawn from app/icon.svg (scripts/make-icons.ts); /favicon.ico and the apple-touch-icon are
 * app/favicon.ico and app/apple-icon.png beside it.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: SITE_NAME,
    short_name: SITE_NAME,
    description: SITE_TAGLINE,
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any" },
      ...MANIFEST_ICON_SIZES.map((size) => ({ src: manifestIconPath(size), type: "image/png", sizes: `${size}x${size}` })),
    ],
  };
}
