/**
 * The managers an owner has put aside to compare, kept in the browser's localStorage
 * so a list's compare tray and a profile's "Add to compare" share them from page to page: ids
 * with the names the tray shows, at most COMPARE_MAX, oldest first. Anything unreadable counts as
 * none; storage switched off leaves each page to its own ticks.
 */
import { COMPARE_MAX } from "./contract/site";

export const COMPARE_TRAY_KEY = "compare_tray";

export type TrayManager = { id: number; name: string };

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isTrayManager = (item: unknown): item is TrayManager =>
  typeof item === "object" && item !== null && Number.isInteger((item as TrayManager).id) && (item as TrayManager).id > 0 && typeof (item as TrayManager).name === "string";

/** The tray as stored (a string, so React's useSyncExternalStore can compare snapshots). */
export const compareTraySnapshot = (): string => storage()?.getItem(COMPARE_TRAY_KEY) ?? "[]";
/** Before the browser's storage is read (the server's render, hydration): an empty tray. */
export const EMPTY_TRAY_SNAPSHOT = "[]";

/** The event a page's own saves send (another tab's arrive as "storage"). */
const CHANGED = "compare-tray-changed";

export function subscribeCompareTray(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export const readCompareTray = (): TrayManager[] => parseCompareTray(compareTraySnapshot());

export function parseCompareTray(snapshot: string): TrayManager[] {
  try {
    const parsed: unknown = JSON.parse(snapshot);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<number>();
    return parsed.filter(isTrayManager).filter((item) => !seen.has(item.id) && seen.add(item.id)).slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

export function saveCompareTray(managers: readonly TrayManager[]): void {
  storage()?.setItem(COMPARE_TRAY_KEY, JSON.stringify(managers.slice(0, COMPARE_MAX).map(({ id, name }) => ({ id, name }))));
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGED));
}

/** The tray with `manager` added (unchanged when it is in already or the tray is full). */
export function withManager(tray: readonly TrayManager[], manager: TrayManager): TrayManager[] {
  if (tray.some((item) => item.id === manager.id) || tray.length >= COMPARE_MAX) return [...tray];
  return [...tray, manager];
}

export const withoutManager = (tray: readonly TrayManager[], id: number): TrayManager[] => tray.filter((item) => item.id !== id);
