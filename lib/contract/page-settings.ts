import { z } from "zod";
import type { PageSettings } from "./seo-fields";
import { robotsSetting } from "./robots";
import { PAGE_SETTINGS_COPY } from "./workspace-messages";

/**
 * A page's own settings for search engines and sharing, checked before a draft keeps them:
 * robots is noindex, nofollow or both; the canonical and the share image are addresses on this
 * site only (a path, or an absolute URL on SITE_URL, stored as its path), so an override can never
 * hand a page's ranking or its card to another site. The share image must be one the site serves
 * (a PNG, JPEG, GIF or WebP: Open Graph and X show no SVG).
 */
export const PAGE_ADDRESS_MAX_LENGTH = 2_000;
export const SHARE_IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/** What a form sends: the two robots switches, and the two addresses as typed. */
export type PageSettingsInput = { noindex: boolean; nofollow: boolean; canonical: string; share_image: string };

/**
 * The path on this site an address names ("/agents/TX/austin", with its query), or null when it
 * names another site, a scheme other than the site's, or is not a path at all ("agents/TX").
 */
function sitePath(value: string, origin: string): string | null {
  const site = new URL(origin);
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (!absolute && (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))) return null;
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username || url.password) return null;
  return `${url.pathname}${url.search}`;
}

const LABELS = { canonical: "Canonical address", share_image: "Share image" } as const;

/** An address field: empty is null; anything else must be on the site. */
const address = (field: keyof typeof LABELS, origin: string) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z.string().transform((value, context) => {
        if (value === "") return null;
        if (value.length > PAGE_ADDRESS_MAX_LENGTH) {
          context.addIssue({ code: "custom", message: PAGE_SETTINGS_COPY.tooLong(LABELS[field], PAGE_ADDRESS_MAX_LENGTH), path: [field] });
          return z.NEVER;
        }
        const path = /[\u0000-\u0020\u007f]/.test(value) ? null : sitePath(value, origin);
        if (path === null) {
          context.addIssue({ code: "custom", message: PAGE_SETTINGS_COPY.notOnSite(LABELS[field], value, origin), path: [field] });
          return z.NEVER;
        }
        return path;
      }),
    );

/**
 * The schema of one page's settings: `origin` is SITE_URL, `path` the page's own (a canonical to
 * itself is no override: null), `images` the paths of the images the site serves.
 */
export function pageSettingsSchema({ origin, path, images }: { origin: string; path: string; images: readonly string[] }) {
  const served = new Set(images);
  return z
    .object({ noindex: z.boolean(), nofollow: z.boolean(), canonical: address("canonical", origin), share_image: address("share_image", origin) })
    .superRefine((value, context) => {
      if (value.share_image === null) return;
      if (!SHARE_IMAGE_FILE.test(new URL(value.share_image, origin).pathname)) {
        context.addIssue({ code: "custom", message: PAGE_SETTINGS_COPY.notAnImage(value.share_image), path: ["share_image"] });
      } else if (!served.has(value.share_image)) {
        context.addIssue({ code: "custom", message: PAGE_SETTINGS_COPY.notServed(value.share_image, images.join(", ")), path: ["share_image"] });
      }
    })
    .transform(
      (value): PageSettings => ({
        robots: robotsSetting(value),
        canonical: value.canonical === path ? null : value.canonical,
        share_image: value.share_image,
      }),
    );
}

