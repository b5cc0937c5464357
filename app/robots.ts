import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { PATHS, SITEMAP_PATH, STEP_PATHS } from "@/lib/contract/routes";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: PATHS.home, disallow: [`${PATHS.api}/`, PATHS.thankYou, STEP_PATHS[5]] }],
    sitemap: `${siteUrl()}${SITEMAP_PATH}`,
    // No Host line: a non-standard directive, and one holding a URL is invalid.
  };
}
