import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";
import { RichText } from "@/components/ui/RichText";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { AddressStep } from "@/components/quote/AddressStep";
import { quotePageMetadata } from "../metadata";
import { QUOTE_STEP_TITLES } from "@/lib/contract/messages";

export function generateMetadata() {
  return quotePageMetadata(STEP_PATHS[2]);
}

export default async function PropertyAddressPage() {
  const page = await getPageRecord(PAGE_IDS.step2);
  return (
    <QuoteFrame step={2} title={QUOTE_STEP_TITLES.address} panelHeading={page.heading} panelDescription={<RichText html={page.description} />}>
      <AddressStep />
    </QuoteFrame>
  );
}
