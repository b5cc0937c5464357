"use client";

import { readLeadValue } from "@/lib/lead-form/storage";
import { parseCategory } from "@/lib/lead-form/steps";
import type { PanelText } from "./answers";
import { useIsHydrated } from "./useStepEntry";

type CategoryPanelTextProps = {
  part: "heading" | "description";
  /** Per category code, the first question's panel text (null when it has no questions). */
  panels: Record<number, PanelText | null>;
  /** Page 7's text: what the server renders before the stored category is known. */
  fallback: PanelText;
};

/**
 * Step 3's left panel speaks about the chosen category (spec 2.4: the first question's
 * content_heading and content_description). The HTML arrives already sanitised by the server.
 */
export function CategoryPanelText({ part, panels, fallback }: CategoryPanelTextProps) {
  const hydrated = useIsHydrated();
  const category = hydrated ? parseCategory(readLeadValue("property_category")) : null;
  const text = (category && panels[category]) || fallback;

  if (part === "heading") return text.heading;
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: text.descriptionHtml }} />;
}
