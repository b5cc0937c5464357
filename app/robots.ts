import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/thank-you", "/preview"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
    // No Host line: a non-standard directive, and one holding a URL is invalid.
  };
}
