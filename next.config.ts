import path from "node:path";
import type { NextConfig } from "next";
import { buildTsconfigPath } from "./lib/cli/build-tsconfig";
import { env } from "./lib/env";
import { SECURITY_HEADERS } from "./lib/server/headers";

// A second build (the end-to-end suite's, a benchmark's) can live beside the one `npm start` serves.
const { NEXT_DIST_DIR: distDir, REDIS_URL } = env();

const nextConfig: NextConfig = {
  distDir,
  // `next build` adds its dist dir's generated types to the tsconfig it reads; a build into a
  // dist dir of its own reads a tsconfig of its own (written by lib/cli/prepare.ts), so the
  // tracked tsconfig.json never changes.
  typescript: { tsconfigPath: buildTsconfigPath(distDir) },
  // Several instances share one page cache on Redis when REDIS_URL is set (read when the server
  // starts, so the same build runs with or without it); no instance then keeps a private copy.
  ...(REDIS_URL ? { cacheHandler: path.resolve("lib/server/redis-cache-handler.mjs"), cacheMaxMemorySize: 0 } : {}),
  poweredByHeader: false,
  // lib/server compresses (once per cached page) as the outer layer, after reading the HTML.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "pg"],
  // Title, description, canonical and JSON-LD go in <head> for every user agent, not only for
  // the bots Next.js recognises: no streamed metadata.
  htmlLimitedBots: /.*/,
  // unauthorized(): the workspace's sign-in page for every signed-out workspace URL (app/(workspace)/workspace).
  experimental: { authInterrupts: true },
  async headers() {
    // lib/server sets these (and the page's Content-Security-Policy) on every response; this is
    // for `next dev`, which does not run behind it.
    return [{ source: "/:path*", headers: SECURITY_HEADERS.map(([key, value]) => ({ key, value })) }];
  },
  async redirects() {
    return [
      { source: "/law/:slug", destination: "/laws/:slug", permanent: true },
      { source: "/search-five", destination: "/preview", permanent: true },
    ];
  },
};

export default nextConfig;
