import { env } from "../../env";
import { PAGE_REVALIDATE_SECONDS } from "../../contract/cache-policy";
import { WORKSPACE } from "../../contract/staff";

/**
 * What a publish is true of on this deployment, said after every publish and
 * rollback instead of a promise of "within seconds":
 * - the publish expires its cache tags (updateTag) in this instance's page store; with REDIS_URL
 *   that store is Redis, shared by every instance, so all of them render the page again at their
 *   next request. Without it, another instance learns nothing: its copy of a page lives until the
 *   page's own refresh (PAGE_REVALIDATE_SECONDS), and that refresh may still read the page's rules
 *   from a cached lookup of the same lifetime (unstable_cache serves a stale entry once while it
 *   refreshes it), so the old words may last two lifetimes;
 * - public pages carry s-maxage=PAGE_REVALIDATE_SECONDS (Next.js's Cache-Control for ISR), so a CDN
 *   keeps its copy that long unless PURGE_URL tells it to drop the changed paths.
 */
export type Deployment = { sharedRedis: boolean; purge: boolean };

export function deployment(): Deployment {
  const { REDIS_URL, PURGE_URL } = env();
  return { sharedRedis: Boolean(REDIS_URL), purge: Boolean(PURGE_URL) };
}

/** "1 hour", "2 hours", "30 minutes", "45 seconds". */
export function spokenDuration(seconds: number): string {
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, "hour"] : seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** The sentences after a publish or rollback that changed `paths` pages' words, on `where`. */
export function afterPublishMessage(what: "published" | "rolledBack", paths: number, where: Deployment): string {
  return [
    WORKSPACE.changeLive(what, paths),
    where.sharedRedis ? WORKSPACE.everyInstance : WORKSPACE.thisInstanceOnly(spokenDuration(2 * PAGE_REVALIDATE_SECONDS)),
    (where.purge ? WORKSPACE.cdnPurged : WORKSPACE.cdnNotPurged)(spokenDuration(PAGE_REVALIDATE_SECONDS), PAGE_REVALIDATE_SECONDS),
  ].join(" ");
}
