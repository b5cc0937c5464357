import { z } from "zod";

/**
 * Configuration is read and validated here once; nothing else reads process.env.
 * Every variable is optional so that `npm install && npm start` works on a bare machine.
 */
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  API_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().default("http://localhost:3000")),
  AGENT_PANEL_URL: z.preprocess(emptyAsUndefined, z.url().default("https://agents.managely.com")),
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("1")),
  RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** Other instances of the site (comma-separated base URLs) that revalidation is passed on to. */
  PEER_URLS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(",").map((url) => url.trim().replace(/\/+$/, "")).filter(Boolean) : [])),
  ),
  /** "1" behind a reverse proxy: the client address is the last x-forwarded-for entry. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("0")),
  PAGE_CACHE_TTL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
  STATE_LIST_HALF: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(51).default(10)),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The site's absolute origin without a trailing slash. */
export function siteUrl(): string {
  return env().SITE_URL.replace(/\/+$/, "");
}
