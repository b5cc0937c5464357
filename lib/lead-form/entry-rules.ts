/**
 * What each page does to the saved quote-form values when it opens (spec section 3), and how it
 * scrolls to the top (spec 2.2: slowly on content pages), in one table keyed by route. Applied in
 * one place, components/ui/RouteEntry.tsx in the root layout, on every navigation.
 */
import { CONTENT_PAGE_PATHS, PATHS } from "../contract/routes";

/** "all": every lead value, phone_no included; "keepPhone": all but phone_no. */
type ClearingRule = "all" | "keepPhone";
export type EntryRule = { clear?: ClearingRule; smoothScroll: boolean };

const KEEP_PHONE = new Set<string>(["/about-us", "/our-mission", "/resource-center", "/career"]);
const CLEAR_ALL = new Set<string>([
  PATHS.home,
  PATHS.thankYou,
  "/property-management",
  PATHS.contact,
  "/my-client-center",
  "/limited-use-disclosure",
  PATHS.laws,
  "/privacy-policy",
  PATHS.resources,
]);
/** Law pages share the laws index's rule. */
const CLEAR_ALL_PREFIXES = [`${PATHS.laws}/`];

const CONTENT_PAGES = new Set<string>([...CONTENT_PAGE_PATHS, PATHS.faqs, PATHS.blogs, PATHS.laws, PATHS.resources, PATHS.contact]);
const CONTENT_PREFIXES = ["/blog/", `${PATHS.laws}/`];

export function entryRuleFor(pathname: string): EntryRule {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const clear: ClearingRule | undefined = KEEP_PHONE.has(path)
    ? "keepPhone"
    : CLEAR_ALL.has(path) || CLEAR_ALL_PREFIXES.some((prefix) => path.startsWith(prefix))
      ? "all"
      : undefined;
  const smoothScroll = CONTENT_PAGES.has(path) || CONTENT_PREFIXES.some((prefix) => path.startsWith(prefix));
  return clear ? { clear, smoothScroll } : { smoothScroll };
}
