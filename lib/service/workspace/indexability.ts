import { NOINDEX_FIXED_PAGES } from "../../contract/fixed-pages";
import { matchDynamicRoute } from "../../contract/routes";
import { PAGE_TABLE, RESOLUTION_STATUS, cityListRequest, lastListPage, pageDecision } from "../../contract/page-table";
import { parseRecordId } from "../../contract/record-id";
import { CSV_EXPORT } from "../../contract/staff";
import { LIST_KINDS, emptyListIsNoindex, robotsFlags, type SeoPattern } from "../../contract/seo-text";
import type { IndexablePage } from "../../db/queries/sitemap";

/**
 * The canonical address the page table gives a row's page, from the record the row was read from
 * (its facts and its path's segments), as the production server's route resolver decides from
 * the service's answer (lib/server/route-resolver.ts); a fixed page is its own address.
 */
function tableCanonical(page: IndexablePage): string | null {
  const route = matchDynamicRoute(page.path.split("/").slice(1));
  if (!route) return page.path;
  const facts = page.facts as { state_abbr?: string; count?: number };
  switch (route.route) {
    case "state":
      return PAGE_TABLE.state(facts.state_abbr ? { abbreviation: facts.state_abbr } : null);
    case "city": {
      const request = cityListRequest(route);
      return request && facts.state_abbr ? PAGE_TABLE.city(request, { state: facts.state_abbr, city_slug: route.city, last_page: lastListPage(Number(facts.count)) }) : null;
    }
    case "agent": {
      const id = parseRecordId(route.id);
      return id !== null && facts.state_abbr ? PAGE_TABLE.agent({ state: facts.state_abbr, city_slug: route.city, agent_id: id }) : null;
    }
    case "law":
      return PAGE_TABLE.law({ slug: route.slug });
    case "lawCompare":
      // The list holds only the topics with a 50-state comparison.
      return PAGE_TABLE.lawCompare({ slug: route.topic, compare: true });
    case "blog":
      return PAGE_TABLE.blog({ slug: route.slug });
  }
}

/** A page's status, robots and whether it may be indexed, with the reason (its override's settings count). */
export function indexability(page: IndexablePage, override: SeoPattern | undefined) {
  const status = RESOLUTION_STATUS[pageDecision(page.path, tableCanonical(page)).kind];
  const facts = page.facts as { count?: number };
  // The one rule the list pages apply (their generateMetadata): an empty list says noindex.
  const emptyList = LIST_KINDS.has(page.kind) && emptyListIsNoindex(Number(facts.count));
  // And the fixed pages' table (their metadata reads it too).
  const hidden = page.kind === "fixed" ? NOINDEX_FIXED_PAGES[page.path] : undefined;
  const own = robotsFlags(override?.robots);
  const robots: "index" | "noindex" = emptyList || hidden || own.noindex ? "noindex" : "index";
  const elsewhere = Boolean(override?.canonical && override.canonical !== page.path);
  const reason =
    status === 404
      ? CSV_EXPORT.notFound
      : status === 308
        ? CSV_EXPORT.redirected
        : hidden
          ? CSV_EXPORT.noindexFixed[hidden.reason]
          : emptyList
            ? CSV_EXPORT.emptyList(page.kind === "state" ? "cities" : "managers")
            : own.noindex
              ? CSV_EXPORT.noindexOverride
              : elsewhere
                ? CSV_EXPORT.canonicalElsewhere(override!.canonical!)
                : CSV_EXPORT.indexable;
  return { status, robots, nofollow: own.nofollow, indexable: status === 200 && robots === "index" && !elsewhere, indexabilityReason: reason };
}

