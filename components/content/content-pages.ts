import { PAGE_IDS } from "@/lib/site";
import type { ContentPageConfig } from "./ContentPage";

/**
 * The content pages of spec 2.6 by path, with their page record, their rule for the saved
 * quote-form values (spec section 3) and the heading the spec fixes where it fixes one.
 */
export const CONTENT_PAGES: Record<string, ContentPageConfig> = {
  "about-us": { pageId: PAGE_IDS.about, path: "/about-us", clear: "keepPhone" },
  "our-mission": { pageId: PAGE_IDS.mission, path: "/our-mission", clear: "keepPhone" },
  career: { pageId: PAGE_IDS.careers, path: "/career", clear: "keepPhone", title: "Career" },
  "resource-center": { pageId: PAGE_IDS.resourceCenter, path: "/resource-center", clear: "keepPhone" },
  "my-client-center": { pageId: PAGE_IDS.myClientCenter, path: "/my-client-center", clear: "all" },
  "property-management": { pageId: PAGE_IDS.propertyManagement, path: "/property-management", clear: "all", title: "Property Management" },
  "limited-use-disclosure": { pageId: PAGE_IDS.limitedUse, path: "/limited-use-disclosure", clear: "all" },
  "privacy-policy": { pageId: PAGE_IDS.privacy, path: "/privacy-policy", clear: "all", title: "Privacy Policy" },
  "acceptable-use-policy": { pageId: PAGE_IDS.acceptableUse, path: "/acceptable-use-policy", header: "small" },
};
