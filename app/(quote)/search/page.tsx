import { getPageRecord } from "@/lib/api/pages";
import { siteUrl } from "@/lib/env";
import { breadcrumbLd, crumbsFromHome, webPageLd } from "@/lib/seo/json-ld";
import { JsonLd } from "@/components/seo/JsonLd";
import { PAGE_IDS } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";
import { RichText } from "@/components/ui/RichText";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { PropertyTypeStep } from "@/components/quote/PropertyTypeStep";
import { quotePageMetadata } from "../metadata";
import { QUOTE_STEP_TITLES } from "@/lib/contract/messages";

export function generateMetadata() {
  return quotePageMetadata(STEP_PATHS[1]);
}

const TITLE = QUOTE_STEP_TITLES.propertyType;

export default async function PropertyTypePage() {
  const page = await getPageRecord(PAGE_IDS.step1);
  // The one indexable step: a page of its own in search results, with its place in the site.
  const crumbs = crumbsFromHome({ name: "Get free quotes", path: STEP_PATHS[1] });
  return (
    <QuoteFrame step={1} title={TITLE} panelHeading={page.heading} panelDescription={<RichText html={page.description} />}>
      <JsonLd data={[webPageLd(siteUrl(), { path: STEP_PATHS[1], name: page.seo_title, description: page.seo_description }), breadcrumbLd(siteUrl(), crumbs)]} />
      <PropertyTypeStep />
    </QuoteFrame>
  );
}
