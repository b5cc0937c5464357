import { tabRepeatsCity } from "./seo-text";

/**
 * Duplicate lists, for the audit ("one page per listing set"): two indexable pages
 * whose lists hold the same managers are the same page twice to a search engine, whatever their
 * order. A category tab holding all its city's managers is already the city page (tabRepeatsCity:
 * canonical to it and out of the sitemap), so the audit counts those as handled; two city pages
 * with the same managers are two indexable pages, and the audit lists them.
 */
export type ListedSet = { path: string; managers: readonly number[] };

/** Groups of two or more lists with the same managers (order ignored), the largest first. */
export function sameListGroups(lists: readonly ListedSet[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const list of lists) {
    if (list.managers.length === 0) continue;
    const key = [...new Set(list.managers)].sort((a, b) => a - b).join(",");
    const paths = byKey.get(key);
    if (paths) paths.push(list.path);
    else byKey.set(key, [list.path]);
  }
  return [...byKey.values()]
    .filter((paths) => paths.length > 1)
    .map((paths) => [...paths].sort())
    .sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** How many tabs repeat their city page (the duplicate rule makes each canonical to it). */
export function tabsRepeatingCity(cities: ReadonlyArray<{ managers: number; tabs: readonly number[] }>): number {
  return cities.reduce((total, city) => total + city.tabs.filter((count) => count > 0 && tabRepeatsCity(count, city.managers)).length, 0);
}
