import { checkJsonLd, type JsonLdBlock } from "../../contract/json-ld-check";
import { NO_STORE } from "../../contract/cache-policy";

/**
 * What a public page serves right now, read the way a crawler reads it: one GET of its address,
 * then the <head>'s title, description, keywords, canonical link, robots, Open Graph and X tags,
 * and every JSON-LD block (checked). The workspace's editor shows it beside the draft ("what is
 * live"), so a difference between the published record and the served page cannot hide.
 */
export type LiveHead = {
  title: string | null;
  description: string | null;
  keywords: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: JsonLdBlock[];
};

export type LivePage = ({ ok: true; status: number } & LiveHead) | { ok: false; error: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1].toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, , doubleQuoted, singleQuoted] of tag.matchAll(/([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    found[name.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? "");
  }
  return found;
}

/** Reads the SEO tags of a page's <head> (and its JSON-LD, which may sit in the body). */
export function parseHead(html: string): LiveHead {
  const head = html.slice(0, html.search(/<\/head>/i) === -1 ? html.length : html.search(/<\/head>/i));
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = (attrs.name ?? attrs.property ?? "").toLowerCase();
    if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
  }
  const canonicalTag = [...head.matchAll(/<link\s[^>]*>/gi)].map(([tag]) => attributes(tag)).find((attrs) => attrs.rel?.toLowerCase() === "canonical");
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const prefixed = (prefix: string) => Object.fromEntries([...meta].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
  return {
    title: title === undefined ? null : decodeEntities(title),
    description: meta.get("description") ?? null,
    keywords: meta.get("keywords") ?? null,
    canonical: canonicalTag?.href ?? null,
    robots: meta.get("robots") ?? null,
    og: prefixed("og:"),
    twitter: prefixed("twitter:"),
    jsonLd: [...html.matchAll(/<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => checkJsonLd(body)),
  };
}

/** GET `origin + path` (5 s at most) and read its head. */
export async function readLivePage(origin: string, path: string): Promise<LivePage> {
  try {
    const response = await fetch(new URL(path, origin), { headers: { accept: "text/html", "user-agent": "Managely-Workspace/1.0" }, redirect: "manual", signal: AbortSignal.timeout(5_000), cache: NO_STORE });
    const html = await response.text();
    if (response.status !== 200) return { ok: false, error: `The page answered ${response.status}${response.headers.get("location") ? ` (redirect to ${response.headers.get("location")})` : ""}.` };
    return { ok: true, status: response.status, ...parseHead(html) };
  } catch (error) {
    return { ok: false, error: `The page could not be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
}
