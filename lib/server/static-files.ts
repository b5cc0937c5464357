import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { COMPRESSIBLE_TYPE, COMPRESSION, STATIC_FILES_MAX_BYTES } from "../contract/cache-policy";

/**
 * The build's files under /_next/static, answered by the production server itself. They never
 * change under their name, so each is compressed once per build, as hard as brotli and gzip go:
 * `npm run build` writes a `.br` and a `.gz` beside every compressible file (precompressStaticFiles;
 * a server never writes into the build it serves); a file that lacks them (a build made with
 * `next build` alone) is compressed once, at a fast level, on its first request. Each file is read once and kept, whole and immutable, by the path
 * it resolves to (never by the spelling a request used) and within a byte bound, so the cache is
 * at most the build's own files and does not grow with traffic. Requests that arrive together for
 * a file not yet read share one read.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".mjs": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
};

export type StaticFile = {
  contentType: string;
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
};

const isCompressible = (file: string) => {
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
  return type !== undefined && COMPRESSIBLE_TYPE.test(type);
};

/**
 * Whether the part of a request's path after /_next/static/ (still percent-encoded) is already
 * in its one normal spelling: no `.` or `..` segment, no empty segment (`//`), no backslash, no
 * slash or backslash written as `%2f`/`%5c`, and percent-encoding that decodes. The build's own
 * links are all normal; anything else is refused before any file is looked up.
 */
export function isNormalStaticPath(raw: string): boolean {
  if (!raw || raw.includes("\\") || /%(2f|5c)/i.test(raw)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  return decoded.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

const bytesOf = (file: StaticFile) => file.bodies.identity.length + (file.bodies.br?.length ?? 0) + (file.bodies.gzip?.length ?? 0);

/**
 * Reads `<dist>/static/<relative>`, or undefined when there is no such file (or it is not ours to
 * serve). Files are kept by the path they resolve to, whatever spelling asked for them, and never
 * more than `maxBytes` in all (every encoding counted): past it the least recently asked-for file
 * is dropped, and read again if it is asked for again.
 */
export function createStaticFiles(staticDir: string, { maxBytes = STATIC_FILES_MAX_BYTES }: { maxBytes?: number } = {}) {
  const root = path.resolve(staticDir);
  /** Files read, by resolved path, least recently used first. */
  const kept = new Map<string, StaticFile>();
  /** Reads under way, by resolved path: requests that arrive together share one. */
  const reading = new Map<string, Promise<StaticFile | undefined>>();
  let keptBytes = 0;

  function keep(file: string, found: StaticFile) {
    const size = bytesOf(found);
    if (size > maxBytes || kept.has(file)) return;
    kept.set(file, found);
    keptBytes += size;
    for (const [oldest, entry] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= bytesOf(entry);
    }
  }

  async function load(file: string): Promise<StaticFile | undefined> {
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!contentType) return undefined;
    let identity: Buffer;
    let modified: number;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return undefined;
      identity = await fs.promises.readFile(file);
      modified = stat.mtimeMs;
    } catch {
      return undefined;
    }
    const etag = `W/"${identity.length.toString(16)}-${Math.floor(modified).toString(16)}"`;
    if (!isCompressible(file) || identity.length < COMPRESSION.minBytes) return { contentType, etag, bodies: { identity } };
    const readOr = async (variant: string, make: () => Promise<Buffer>) => {
      try {
        return await fs.promises.readFile(variant);
      } catch {
        return make();
      }
    };
    const [br, gz] = await Promise.all([
      readOr(`${file}.br`, () => brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.onTheFlyBrotliQuality + 1 } })),
      readOr(`${file}.gz`, () => gzip(identity, { level: COMPRESSION.onTheFlyGzipLevel })),
    ]);
    return { contentType, etag, bodies: { identity, br, gzip: gz } };
  }

  return {
    get(relative: string): Promise<StaticFile | undefined> {
      const file = path.resolve(root, relative);
      if (!file.startsWith(root + path.sep)) return Promise.resolve(undefined);
      const found = kept.get(file);
      if (found) {
        // Most recently used goes last.
        kept.delete(file);
        kept.set(file, found);
        return Promise.resolve(found);
      }
      let pending = reading.get(file);
      if (!pending) {
        pending = load(file).finally(() => reading.delete(file));
        reading.set(file, pending);
        // A file that is not there is not remembered: the cache holds only the build's own files.
        pending.then((loaded) => loaded && keep(file, loaded), () => undefined);
      }
      return pending;
    },
    /** What is kept: files and bytes (every encoding counted). */
    stats(): { entries: number; bytes: number } {
      return { entries: kept.size, bytes: keptBytes };
    },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible build file (with `onlyMissing`,
 * only where they are not there yet): `npm run build`, once the build is made.
 */
export async function precompressStaticFiles(staticDir: string, { onlyMissing = false } = {}): Promise<{ files: number; before: number; after: number }> {
  const totals = { files: 0, before: 0, after: 0 };
  if (!fs.existsSync(staticDir)) return totals;
  const entries = fs.readdirSync(staticDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !isCompressible(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (onlyMissing && fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`)) continue;
    const body = fs.readFileSync(file);
    if (body.length < COMPRESSION.minBytes) continue;
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.buildBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: COMPRESSION.buildGzipLevel }));
    totals.files += 1;
    totals.before += body.length;
    totals.after += br.length;
  }
  return totals;
}
