import { z } from "zod";
import { PHASE_PRODUCTION_BUILD } from "next/constants";

/**
 * Configuration is read and validated here once; nothing else reads process.env.
 * Every variable is optional so that `npm install && npm start` works on a bare machine.
 */
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** The sample site's contact address, at example.com: reaches nobody (an operator's is OPERATOR_EMAIL). */
const SAMPLE_CONTACT_EMAIL = "hello@managely.example.com";
/** The sample site's postal address: an operator sets its own (SITE_ADDRESS) to run the site. */
const SAMPLE_SITE_ADDRESS = "Managely sample site, 100 Example Street, Austin, TX 78701";

const envShape = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  API_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** The canonical origin of links, the sitemap and Open Graph; unset: http://localhost:<PORT>. */
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AGENT_PANEL_URL: z.preprocess(emptyAsUndefined, z.url().default("https://agents.managely.com")),
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("1")),
  RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** How many leading bits of an IPv6 address the limits count as one client (a subscriber's prefix: /56 by default, /48 for some ISPs). */
  RATE_LIMIT_IPV6_PREFIX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(32).max(128).default(56)),
  /** Browser origins accepted besides SITE_URL's (comma-separated), e.g. the www. and bare domains. */
  ALLOWED_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(",").map((origin) => origin.trim().replace(/\/+$/, "")).filter(Boolean) : [])),
  ),
  /** "1" behind a reverse proxy: the client address is the last x-forwarded-for entry. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("0")),
  /**
   * The byte budget of this instance's page store (compressed pages, in memory; the least
   * recently used go first). With REDIS_URL the pages live on Redis, bounded by its maxmemory.
   */
  PAGE_STORE_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024 * 1024).default(256 * 1024 * 1024)),
  /** A Redis server (redis://host:6379) shared by every instance: Next.js's page cache and page-copy invalidation. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Namespace of this site's keys and channels on that Redis (several sites may share one). */
  REDIS_PREFIX: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).default("managely")),
  /**
   * Set by the production server for the Next.js it runs, not by hand: the secret with which it
   * asks its own /api/revalidate to refresh pages after a content change.
   */
  INTERNAL_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Where `next build` writes and the server reads the build (tests and benchmarks use their own). */
  NEXT_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default(".next")),
  STATE_LIST_HALF: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(51).default(10)),
  // The operator of the site: shown in the footer and on the contact page. The
  // defaults are the sample site's own, at an example.com address that reaches nobody.
  SITE_CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email("SITE_CONTACT_EMAIL must be an email address").default(SAMPLE_CONTACT_EMAIL)),
  SITE_ADDRESS: z.preprocess(emptyAsUndefined, z.string().max(300).default(SAMPLE_SITE_ADDRESS)),
  /**
   * Who runs the site (docs/operator-words.md): with OPERATOR_EMAIL and a SITE_ADDRESS of its own,
   * the pages name the operator and say what it does; all three or none (checked below).
   */
  OPERATOR_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(2).max(100).regex(/^[^<>"{}]+$/, "OPERATOR_NAME must be plain text").optional()),
  /** The operator's address: named on the pages, and Reply-To of the workspace's emails. */
  OPERATOR_EMAIL: z.preprocess(emptyAsUndefined, z.email("OPERATOR_EMAIL must be an email address").optional()),
  /** The site's X (Twitter) handle, "@managely": `twitter:site` on every page when set. */
  TWITTER_SITE: z.preprocess(emptyAsUndefined, z.string().regex(/^@\w{1,15}$/, "TWITTER_SITE must be a handle such as @managely").optional()),
  /**
   * The site's own social profiles, comma-separated https URLs: the footer's Keep in Touch links
   * and the Organization's sameAs. None by default: the site names no account it does not run.
   */
  SOCIAL_PROFILES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(",").map((url) => url.trim()).filter(Boolean) : []))
      .pipe(z.array(z.url({ protocol: /^https$/, error: "SOCIAL_PROFILES must be https:// URLs, comma-separated" }))),
  ),
  // Delivery (docs/operations.md). Neither SMTP_URL nor LEAD_WEBHOOK_URL: every message
  // is written as a file under OUTBOX_DIR.
  /** smtp://user:pass@host:587 or smtps://…: email through nodemailer. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default("Managely <no-reply@managely.com>")),
  /** The agent panel's endpoint for leads, signed with LEAD_WEBHOOK_SECRET (HMAC-SHA256). */
  LEAD_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  LEAD_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, "LEAD_WEBHOOK_SECRET must be at least 16 characters").optional()),
  OUTBOX_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data/outbox")),
  /**
   * A CDN's purge endpoint (or an adapter to one): after a workspace publish or rollback, the
   * changed paths are POSTed to it through the outbox, signed like the lead webhook with PURGE_SECRET.
   */
  PURGE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PURGE_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, "PURGE_SECRET must be at least 16 characters").optional()),
  /**
   * Days the copies of sent messages are kept (the outbox files, the stored link tokens); a
   * withdrawn request's are erased at once. The privacy page states the default (30).
   */
  RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
  /** "0": the production server runs no outbox worker (a dedicated `npm run worker` does). */
  OUTBOX_WORKER: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("1")),
  /** The first retry's delay; each next one doubles, up to OUTBOX_RETRY_MAX_MS. */
  OUTBOX_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).default(30_000)),
  OUTBOX_RETRY_MAX_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).default(3_600_000)),
  /** After this long without success a message is marked failed (72 hours). */
  OUTBOX_GIVE_UP_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1_000).default(72 * 3_600_000)),
  /** How long a worker holds a message it claimed before another may take it (a crashed worker's). */
  OUTBOX_LEASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1_000).default(120_000)),
  /** How often an idle worker looks for due messages. */
  OUTBOX_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).default(1_000)),
  /** How often it looks for waiting leads whose ZIP a manager now serves. */
  OUTBOX_MATCH_CHECK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1_000).default(600_000)),
  // The marketers' workspace (docs/operations.md).
  /**
   * Signs staff session cookies (32 characters or more). Unset: a secret generated on first use
   * and kept in the database, shared by every instance on it.
   */
  STAFF_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "STAFF_AUTH_SECRET must be at least 32 characters").optional()),
});

/** Every variable this module reads: the README's configuration table lists exactly these (env.test.ts). */
export const ENV_VARIABLES = Object.keys(envShape.shape) as (keyof typeof envShape.shape)[];

const envSchema = envShape
  .refine((config) => !config.LEAD_WEBHOOK_URL || config.LEAD_WEBHOOK_SECRET, {
    message: "LEAD_WEBHOOK_SECRET is required with LEAD_WEBHOOK_URL (the webhook is signed)",
    path: ["LEAD_WEBHOOK_SECRET"],
  })
  .refine((config) => !config.PURGE_URL || config.PURGE_SECRET, {
    message: "PURGE_SECRET is required with PURGE_URL (the purge request is signed)",
    path: ["PURGE_SECRET"],
  })
  // Half an operator is no operator: the pages would switch some sentences and not others, so the
  // server refuses to start and names what is missing.
  .superRefine((config, context) => {
    if (!config.OPERATOR_NAME && !config.OPERATOR_EMAIL) return;
    const missing = operatorSettingsMissing(config);
    if (missing.length) {
      context.addIssue({
        code: "custom",
        path: [missing[0]],
        message: `the site is run by an operator only with OPERATOR_NAME, OPERATOR_EMAIL and SITE_ADDRESS (the privacy policy's address, not the sample one) all set; missing: ${missing.join(", ")}`,
      });
    }
  })
  // `PORT=3300 npm start` serves http://localhost:3300, and says so in its links.
  .transform((config) => ({
    ...config,
    SITE_URL: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    // An operated site gives the operator's address in its footer unless it names another one.
    SITE_CONTACT_EMAIL: config.OPERATOR_EMAIL && config.SITE_CONTACT_EMAIL === SAMPLE_CONTACT_EMAIL ? config.OPERATOR_EMAIL : config.SITE_CONTACT_EMAIL,
  }));

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * True inside `next build`. A build belongs to no deployment: it reads none of the site's
 * variables but NEXT_DIST_DIR (where it goes) and opens no database (lib/db/index.ts), so one
 * build serves any database and any origin. Pages are rendered from data when first asked for,
 * into the page store (lib/server/page-store.ts), never from what the build saw.
 */
export const isBuilding = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

/** What a build reads of the environment (see isBuilding). */
export const BUILD_VARIABLES = ["NEXT_DIST_DIR"] as const satisfies readonly (keyof Env)[];

/** The environment as a build reads it: where it goes, nothing of a deployment (see isBuilding). */
export function buildEnv(): Pick<Env, (typeof BUILD_VARIABLES)[number]> {
  return { NEXT_DIST_DIR: envShape.shape.NEXT_DIST_DIR.parse(process.env.NEXT_DIST_DIR) };
}

export function env(): Env {
  if (!cached) {
    const source = isBuilding() ? Object.fromEntries(BUILD_VARIABLES.map((name) => [name, process.env[name]])) : process.env;
    const parsed = envSchema.safeParse(source);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The header in which the production server sends INTERNAL_SECRET to its own Next.js. */
export const INTERNAL_SECRET_HEADER = "x-managely-internal";

/** The browser origins the service accepts: SITE_URL's and ALLOWED_ORIGINS, nothing else. */
export function allowedOrigins(): string[] {
  const { SITE_URL, ALLOWED_ORIGINS } = env();
  return [...new Set([new URL(SITE_URL).origin, ...ALLOWED_ORIGINS.map((origin) => new URL(origin).origin)])];
}

/** Who runs the site and how to reach them: the footer and the contact page. */
export function siteOperator(): { email: string; address: string } {
  const { SITE_CONTACT_EMAIL, SITE_ADDRESS } = env();
  return { email: SITE_CONTACT_EMAIL, address: SITE_ADDRESS };
}

/** The operator settings still missing once one of them is set (none: fully set, or none set). */
function operatorSettingsMissing(config: { OPERATOR_NAME?: string; OPERATOR_EMAIL?: string; SITE_ADDRESS: string }): string[] {
  return [
    ...(config.OPERATOR_NAME ? [] : ["OPERATOR_NAME"]),
    ...(config.OPERATOR_EMAIL ? [] : ["OPERATOR_EMAIL"]),
    ...(config.SITE_ADDRESS === SAMPLE_SITE_ADDRESS ? ["SITE_ADDRESS"] : []),
  ];
}

/** Who runs the site, as the pages name it (docs/operator-words.md). */
export type SiteOperator = { name: string; email: string };

/** The site's operator; null while nobody runs it (the sample site). */
export function configuredOperator(): SiteOperator | null {
  const { OPERATOR_NAME, OPERATOR_EMAIL } = env();
  return OPERATOR_NAME && OPERATOR_EMAIL ? { name: OPERATOR_NAME, email: OPERATOR_EMAIL } : null;
}

/** The site's own social profiles (SOCIAL_PROFILES), in the order given; none by default. */
export function socialProfiles(): string[] {
  return env().SOCIAL_PROFILES;
}

/** The site's absolute origin without a trailing slash. */
export function siteUrl(): string {
  return env().SITE_URL.replace(/\/+$/, "");
}
