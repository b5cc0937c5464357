import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { COMPRESSIBLE_TYPE, COMPRESSION } from "../contract/cache-policy";

/**
 * The build's files under /_next/static, answered by the production server itself. They never
 * change under their name, so each is compressed once per build, as hard as brotli and gzip go:
 * the server writes a `.br` and a `.gz` beside every compressible file the first time it starts on
 * a build (precompressStaticFiles); a file that still lacks them is compressed once, at a fast
 * level, on its first request. Each file is read once and kept, whole and immutable, for the life of the process:
 * the set is the build's and does not grow with traffic. Requests that arrive together for a file
 * not yet read share one read.
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

/** Reads `<dist>/static/<relative>`, or undefined when there is no such file (or it is not ours to serve). */
export function createStaticFiles(staticDir: string) {
  const root = path.resolve(staticDir);
  const files = new Map<string, Promise<StaticFile | undefined>>();

  async function load(relative: string): Promise<StaticFile | undefined> {
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return undefined;
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
      let pending = files.get(relative);
      if (!pending) {
        pending = load(relative);
        files.set(relative, pending);
        // A file that is not there is not remembered: the map holds only the build's own files.
        pending.then((found) => found || files.delete(relative), () => files.delete(relative));
      }
      return pending;
    },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible build file (with `onlyMissing`,
 * only where they are not there yet: the production server does this once per build, when it
 * first starts on it).
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
