import { z } from "zod";
import { SEO_KINDS } from "./seo-text";
import { RULE_FIELDS, type RuleField } from "./seo-fields";
import { pageSize, wholeNumber } from "./call-fields";
import { confirmationRequestSchema, linkToken, ok, requestViewSchema } from "./call-requests";

/** The calls of the site's own code only (lib/contract/index.ts): never reachable over HTTP, never forwarded. */

export const sitemapEntrySchema = z.object({ path: z.string(), lastModified: z.string().optional() });

/** A template's or an override's words and a page's settings: every field of lib/contract/seo-fields.ts, each text or null. */
const seoPatternSchema = z.object(Object.fromEntries(RULE_FIELDS.map((field) => [field, z.string().nullable()])) as Record<RuleField, z.ZodNullable<z.ZodString>>);

export const internalContract = {
  /** Every indexable path, in a stable order, one page of them at a time. */
  "sitemap/paths": {
    request: z.object({
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(50_000).optional().default(50_000),
    }),
    response: ok({ entries: z.array(sitemapEntrySchema), total: z.number() }),
  },
  /** A confirmation link's page: the requests its button sends (404 for an unknown or expired link). */
  "lead/confirmation": {
    request: z.object({ token: linkToken }),
    response: ok({ requests: z.array(confirmationRequestSchema) }),
  },
  /** The private request page's content, found by its token (404 when it matches nothing). */
  "lead/request": {
    request: z.object({ token: linkToken }),
    response: ok({ request: requestViewSchema }),
  },
  /**
   * The marketers' workspace's published words for one page: its kind's template and
   * its own override, each a pattern per field or null. Read by every indexable page's metadata,
   * through a cache the workspace's publish invalidates by tag.
   */
  "seo/rules": {
    request: z.object({ kind: z.enum(SEO_KINDS), path: z.string().min(1).max(2_000) }),
    response: ok({ template: seoPatternSchema.nullable(), override: seoPatternSchema.nullable() }),
  },
  /**
   * A draft, for a page opened in draft mode by the workspace's preview (never cached): `preview`
   * is the preview cookie as the browser sent it; null unless it is signed, its session lasts and
   * its staff member owns the draft (lib/service/workspace/preview.ts).
   */
  "seo/draft": {
    request: z.object({ preview: z.string().min(1).max(300) }),
    // id and owner (the staff member's email) are for the preview bar every page shows in draft mode.
    response: ok({ draft: z.object({ id: z.number(), owner: z.string(), kind: z.enum(SEO_KINDS), path: z.string().nullable(), pattern: seoPatternSchema }).nullable() }),
  },
  /** GET /healthz: the database, Redis when configured, and the outbox's backlog. */
  "health/check": {
    request: z.object({}),
    response: ok({
      status: z.enum(["ok", "failing"]),
      database: z.object({ ok: z.boolean(), dialect: z.string() }),
      redis: z.object({ ok: z.boolean() }).nullable(),
      outbox: z.object({
        /** Messages waiting to be sent (pending or being sent). */
        backlog: z.number(),
        /** Age in seconds of the oldest of them; 0 when there is none. */
        oldest_pending_seconds: z.number(),
        failed: z.number(),
      }).nullable(),
      checked_at: z.string(),
    }),
  },
} as const;

export type InternalContract = typeof internalContract;
export type InternalCallName = keyof InternalContract;
