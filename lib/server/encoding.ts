import zlib from "node:zlib";
import { promisify } from "node:util";
import { COMPRESSIBLE_TYPE, COMPRESSION } from "../contract/cache-policy";

/** Content codings of an answer, and compression of the answers nobody keeps. */
export type Encoding = "br" | "gzip" | "identity";

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

/**
 * The best encoding the client accepts among those available: brotli, then gzip, then none.
 * A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (available.br && accepts("br")) return "br";
  if (available.gzip && accepts("gzip")) return "gzip";
  return "identity";
}

export const isCompressible = (contentType: string, length: number) => length >= COMPRESSION.minBytes && COMPRESSIBLE_TYPE.test(contentType);

/** Compresses a body for one answer, off the main thread (zlib's pool), at a level that costs a few ms. */
export function compressBody(body: Buffer, encoding: Exclude<Encoding, "identity">): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.onTheFlyBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body, { level: COMPRESSION.onTheFlyGzipLevel });
}

export const decompressBrotli = (body: Buffer) => unbrotli(body);

/** A streaming compressor for answers that pass through (router requests, other files). */
export function compressStream(encoding: Exclude<Encoding, "identity">): zlib.BrotliCompress | zlib.Gzip {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.onTheFlyBrotliQuality } })
    : zlib.createGzip({ level: COMPRESSION.onTheFlyGzipLevel });
}
