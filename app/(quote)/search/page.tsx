import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS } from "@/lib/site";
import { STEP_PATHS } from "@/lib/lead-form/steps";
import { RichText } from "@/components/ui/RichText";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { PropertyTypeStep } from "@/components/quote/PropertyTypeStep";
import { quotePageMetadata } from "../metadata";

export const revalidate = 3600;

export function generateMetadata() {
  return quotePageMetadata(PAGE_IDS.step1, STEP_PATHS[1], { noindex: false });
}

export default async function PropertyTypePage() {
  const page = await getPageRecord(PAGE_IDS.step1);
  return (
    <QuoteFrame step={1} title="What type of property do you own?" panelHeading={page.heading} panelDescription={<RichText html={page.description} />}>
      <PropertyTypeStep />
    </QuoteFrame>
  );
}
