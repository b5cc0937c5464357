import { PAGE_IDS } from "@/lib/contract/site";
import { PATHS, type ContentPagePath } from "@/lib/contract/routes";
import { fixedHeading } from "@/lib/contract/page-headings";
import type { ContentPageConfig } from "./ContentPage";

/**
 * The content pages of spec 2.6, one for each path of lib/contract/routes.ts's CONTENT_PAGE_PATHS (the type
 * makes a missing or extra page a compile error), with their page record and the heading the spec
 * fixes where it fixes one. What they clear on entry is in lib/lead-form/entry-rules.ts.
 */
export const CONTENT_PAGES: Record<ContentPagePath, Omit<ContentPageConfig, "path">> = {
  [PATHS.about]: { pageId: PAGE_IDS.about, schemaType: "AboutPage" },
  [PATHS.mission]: { pageId: PAGE_IDS.mission, schemaType: "AboutPage" },
  [PATHS.career]: { pageId: PAGE_IDS.careers, title: fixedHeading(PATHS.career) },
  [PATHS.resourceCenter]: { pageId: PAGE_IDS.resourceCenter },
  [PATHS.myClientCenter]: { pageId: PAGE_IDS.myClientCenter },
  [PATHS.propertyManagement]: { pageId: PAGE_IDS.propertyManagement, title: fixedHeading(PATHS.propertyManagement) },
  [PATHS.limitedUse]: { pageId: PAGE_IDS.limitedUse },
  [PATHS.privacy]: { pageId: PAGE_IDS.privacy, title: fixedHeading(PATHS.privacy) },
  [PATHS.acceptableUse]: { pageId: PAGE_IDS.acceptableUse, header: "small" },
};

/** The page of `/{segment}`, when it is a content page. */
export function contentPageFor(segment: string): ContentPageConfig | undefined {
  const path = `/${segment}` as ContentPagePath;
  return Object.hasOwn(CONTENT_PAGES, path) ? { ...CONTENT_PAGES[path], path } : undefined;
}
