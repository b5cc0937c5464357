import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A second build (the end-to-end suite's) can live beside the one `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "pg"],
  // Title, description, canonical and JSON-LD go in <head> for every user agent, not only for
  // the bots Next.js recognises: no streamed metadata.
  htmlLimitedBots: /.*/,
  async redirects() {
    return [
      { source: "/law/:slug", destination: "/laws/:slug", permanent: true },
      { source: "/search-five", destination: "/preview", permanent: true },
    ];
  },
};

export default nextConfig;
