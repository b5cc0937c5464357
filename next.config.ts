import path from "node:path";
import type { NextConfig } from "next";
import { buildTsconfigPath } from "./lib/cli/build-tsconfig";
import { buildEnv } from "./lib/env";
import { PRIVATE_PAGE_HEADERS, SECURITY_HEADERS } from "./lib/server/headers";
import { PATHS } from "./lib/contract/routes";
import { UPLOAD_ACTION_MAX_BYTES } from "./lib/contract/managers-csv";

// A second build (the end-to-end suite's, a benchmark's) can live beside the one `npm start` serves.
const { NEXT_DIST_DIR: distDir } = buildEnv();

const nextConfig: NextConfig = {
  distDir,
  // `next build` adds its dist dir's generated types to the tsconfig it reads; a build into a
  // dist dir of its own reads a tsconfig of its own (written by lib/cli/prepare.ts), so the
  // tracked tsconfig.json never changes.
  typescript: { tsconfigPath: buildTsconfigPath(distDir) },
  // One page store per instance (lib/server/page-store.ts: memory with a byte budget, or Redis
  // shared by every instance when REDIS_URL is set, chosen when the server starts, so the same
  // build runs with either): Next.js's incremental cache goes to it and keeps nothing of its own.
  cacheHandler: path.resolve("lib/server/page-store-handler.mjs"),
  cacheMaxMemorySize: 0,
  poweredByHeader: false,
  // No next/image on the site (components/ui/Img.tsx says why): its optimizer endpoint would only
  // write resized copies of public images to the build folder for whoever asks (/_next/image → 404).
  images: { unoptimized: true },
  // lib/server compresses (once per cached page) as the outer layer, after reading the HTML.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "pg"],
  // Title, description, canonical and JSON-LD go in <head> for every user agent, not only for
  // the bots Next.js recognises: no streamed metadata.
  htmlLimitedBots: /.*/,
  // unauthorized(): the workspace's sign-in page for every signed-out workspace URL (app/(workspace)/workspace).
  // serverActions: the Managers page's CSV upload takes a few MB (lib/server/server-actions.ts
  // holds every other action to Next.js's default 1 MB before it gets here).
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: UPLOAD_ACTION_MAX_BYTES } },
  async headers() {
    // lib/server sets these (and the page's Content-Security-Policy) on every response; this is
    // for `next dev`, which does not run behind it.
    const list = (headers: typeof SECURITY_HEADERS) => headers.map(([key, value]) => ({ key, value }));
    return [
      { source: "/:path*", headers: list(SECURITY_HEADERS) },
      ...[PATHS.requests, PATHS.newsletterConfirm, PATHS.proposals].map((prefix) => ({ source: `${prefix}/:token*`, headers: list(PRIVATE_PAGE_HEADERS) })),
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
