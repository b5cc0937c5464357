import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A second build (the end-to-end suite's) can live beside the one `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // lib/server compresses as the outer layer, so its policy step can read each page's HTML.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "pg"],
  // Title, description, canonical and JSON-LD go in <head> for every user agent, not only for
  // the bots Next.js recognises: no streamed metadata.
  htmlLimitedBots: /.*/,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
  async redirects() {
    return [
      { source: "/law/:slug", destination: "/laws/:slug", permanent: true },
      { source: "/search-five", destination: "/preview", permanent: true },
    ];
  },
};

export default nextConfig;
