import "server-only";
import { cache } from "react";
import { unstable_cache } from "next/cache";
import { cookies, draftMode } from "next/headers";
import { serverApi } from "./server";
import { seoCacheTags, seoTextFor, settingsOf, type PageSettings, type SeoFactsOf, type SeoKind, type SeoPattern, type SeoText } from "../contract/seo-text";
import { PREVIEW_DRAFT_COOKIE } from "../contract/staff";
import { PAGE_REVALIDATE_SECONDS } from "../contract/cache-policy";

/**
 * The one function every indexable page's generateMetadata takes its title, description and
 * keywords from: the default wording of its kind (lib/contract/seo-text.ts), unless the marketers'
 * workspace published a template for the kind or an override for the page.
 *
 * Cost per render: one lookup of the page's published rules, kept in Next's data cache under the
 * tags of its kind and its path (so a publish refreshes exactly the pages it changes, on every
 * instance: revalidateTag / updateTag, Redis included), plus, only in draft mode, one read of the
 * previewed draft. A draft is shown only with the preview cookie the role-checked preview route
 * signed for the staff member's session, while it lasts; everyone else gets the published words.
 */
type Rules = { template: SeoPattern | null; override: SeoPattern | null };
const NO_RULES: Rules = { template: null, override: null };


async function publishedRules(kind: SeoKind, path: string): Promise<Rules> {
  const read = unstable_cache(
    async (): Promise<Rules> => {
      const { template, override } = await serverApi().call("seo/rules", { kind, path });
      return { template, override };
    },
    ["seo-rules", kind, path],
    { tags: seoCacheTags(kind, path), revalidate: PAGE_REVALIDATE_SECONDS /* as long as the pages' own refresh: a publish's tag makes it sooner */ },
  );
  try {
    return await read();
  } catch (error) {
    // The page keeps its default wording rather than fail; nothing is cached, so the next render asks again.
    console.error(`[seo] could not read the published rules of ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return NO_RULES;
  }
}

/**
 * The previewed draft, when draft mode is on and the preview cookie is one the workspace signed
 * for a session that still lasts and owns the draft (the service checks); otherwise nothing, and
 * the page says what is published. Draft mode's own cookie proves nothing: it is one per build.
 */
async function previewedDraft(kind: SeoKind, path: string): Promise<Partial<Rules>> {
  if (!(await draftMode()).isEnabled) return {};
  const preview = (await cookies()).get(PREVIEW_DRAFT_COOKIE)?.value;
  if (!preview || !PREVIEW_COOKIE_SHAPE.test(preview)) return {};
  let draft: Awaited<ReturnType<typeof readDraft>>;
  try {
    draft = await readDraft(preview);
  } catch (error) {
    console.error(`[seo] could not read the previewed draft for ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
  if (!draft || draft.kind !== kind) return {};
  if (draft.path === null) return { template: draft.pattern };
  return draft.path === path ? { override: draft.pattern } : {};
}

/** What a preview cookie can look like (anything else is not read at all); the service checks the rest. */
const PREVIEW_COOKIE_SHAPE = /^[A-Za-z0-9._-]{1,300}$/;
/** Read once per request: the page's metadata and the preview bar both ask. */
const readDraft = cache(async (preview: string) => (await serverApi().call("seo/draft", { preview })).draft);

/**
 * What the preview bar says (components/seo/PreviewBar.tsx): null outside draft mode; in draft
 * mode, the draft the page shows and whose it is, or `draft: null` when the preview no longer
 * shows one (the staff session ended, the draft was published or discarded): the page then says
 * what is published, and the bar says so and offers to leave draft mode.
 */
export type PreviewState = { draft: { id: number; owner: string; kind: SeoKind; path: string | null } | null };

export async function previewState(): Promise<PreviewState | null> {
  if (!(await draftMode()).isEnabled) return null;
  const preview = (await cookies()).get(PREVIEW_DRAFT_COOKIE)?.value;
  if (!preview || !PREVIEW_COOKIE_SHAPE.test(preview)) return { draft: null };
  try {
    const draft = await readDraft(preview);
    return { draft: draft ? { id: draft.id, owner: draft.owner, kind: draft.kind, path: draft.path } : null };
  } catch (error) {
    console.error(`[seo] could not read the previewed draft for the preview bar: ${error instanceof Error ? error.message : String(error)}`);
    return { draft: null };
  }
}

/**
 * The published words alone, never a draft: for a share image's alt text (generateImageMetadata
 * of opengraph-image.tsx), which must not read the request's cookies (that would make every image
 * a dynamic render). A draft's image alt text shows in the workspace's share cards instead.
 */
export async function publishedSeo<K extends SeoKind>(kind: K, path: string, facts: SeoFactsOf[K]): Promise<SeoText> {
  return seoTextFor({ kind, facts, ...(await publishedRules(kind, path)) });
}

/**
 * A page's words, and its own settings (robots, canonical, share image: lib/contract/seo-fields.ts)
 * from its override, the previewed draft's in draft mode: pageMetadata turns them into tags.
 */
export async function pageSeo<K extends SeoKind>(kind: K, path: string, facts: SeoFactsOf[K]): Promise<SeoText & PageSettings> {
  const [rules, draft] = await Promise.all([publishedRules(kind, path), previewedDraft(kind, path)]);
  const chosen = { ...rules, ...draft };
  return { ...seoTextFor({ kind, facts, ...chosen }), ...settingsOf(chosen.override) };
}
