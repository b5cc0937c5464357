import { readdir } from "node:fs/promises";
import path from "node:path";
import { ApiError } from "../../contract/errors";
import { SHARE_IMAGE_FILE, pageSettingsSchema, type PageSettingsInput } from "../../contract/page-settings";
import type { PageSettings } from "../../contract/seo-fields";

/**
 * A page's own settings for search engines and sharing (lib/contract/page-settings.ts), checked
 * here before a draft keeps them: the site's origin is SITE_URL, and the share images a page may
 * choose are the ones the site serves as files (public/, read once per process: they ship with
 * the build).
 */

let images: Promise<string[]> | undefined;

/** The images the site serves that a share card can show (PNG, JPEG, GIF, WebP), as paths, sorted. */
export function servedShareImages(publicDir = path.join(process.cwd(), "public")): Promise<string[]> {
  images ??= filesUnder(publicDir, "").then((files) => files.filter((file) => SHARE_IMAGE_FILE.test(file)).sort());
  return images;
}

/** Every file under `dir`, as "/a/b.png" (engines allows Node 20.9, before readdir's parentPath). */
async function filesUnder(dir: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const at = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), at)));
    else if (entry.isFile()) found.push(at);
  }
  return found;
}

/** One page's settings as a form sent them, checked (a 400 naming the field and saying why otherwise). */
export function cleanPageSettings(input: PageSettingsInput, { origin, path: pagePath, images: served }: { origin: string; path: string; images: readonly string[] }): PageSettings {
  const parsed = pageSettingsSchema({ origin, path: pagePath, images: served }).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError(400, issue.message, typeof issue.path[0] === "string" ? issue.path[0] : undefined);
}
