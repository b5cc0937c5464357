import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";
import { RichText } from "@/components/ui/RichText";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { ContactStep } from "@/components/quote/ContactStep";
import { QuoteGuarantee } from "@/components/quote/QuoteGuarantee";
import { quotePageMetadata } from "../metadata";
import { QUOTE_STEP_TITLES } from "@/lib/contract/messages";

export function generateMetadata() {
  return quotePageMetadata(STEP_PATHS[4]);
}

export default async function ContactInfoPage() {
  const page = await getPageRecord(PAGE_IDS.step4);
  return (
    <QuoteFrame step={4} title={QUOTE_STEP_TITLES.contact} panelHeading={page.heading} panelDescription={<RichText html={page.description} />}>
      <ContactStep />
      <QuoteGuarantee />
    </QuoteFrame>
  );
}
