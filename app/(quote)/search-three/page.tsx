import { getPageRecord } from "@/lib/api/pages";
import { sanitizeRichText } from "@/lib/sanitize";
import { PAGE_IDS } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { CategoryPanelText } from "@/components/quote/CategoryPanelText";
import { PropertyDetailsStep } from "@/components/quote/PropertyDetailsStep";
import { quotePageMetadata } from "../metadata";
import { getStepThreeContent } from "./questions";
import { QUOTE_STEP_TITLES } from "@/lib/contract/messages";

export function generateMetadata() {
  return quotePageMetadata(STEP_PATHS[3]);
}

export default async function PropertyDetailsPage() {
  const [page, { questionsByCategory, panelsByCategory }] = await Promise.all([
    getPageRecord(PAGE_IDS.step3),
    getStepThreeContent(),
  ]);
  // Page 7's text until the browser knows the category, and whenever a category has no questions.
  const fallback = { heading: page.heading, descriptionHtml: sanitizeRichText(page.description) };
  return (
    <QuoteFrame
      step={3}
      title={QUOTE_STEP_TITLES.details}
      panelHeading={<CategoryPanelText part="heading" panels={panelsByCategory} fallback={fallback} />}
      panelDescription={<CategoryPanelText part="description" panels={panelsByCategory} fallback={fallback} />}
    >
      <PropertyDetailsStep questionsByCategory={questionsByCategory} />
    </QuoteFrame>
  );
}
