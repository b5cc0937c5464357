import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS, REVIEW_STEP_TITLE } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";
import { RichText } from "@/components/ui/RichText";
import { QuoteFrame } from "@/components/quote/QuoteFrame";
import { ReviewAndSubmit } from "@/components/quote/ReviewAndSubmit";
import { QuoteGuarantee } from "@/components/quote/QuoteGuarantee";
import { quotePageMetadata } from "../metadata";

const TITLE = REVIEW_STEP_TITLE;

export function generateMetadata() {
  // Page 8 also serves step 4; a title of its own keeps the two pages apart in tabs and results.
  return quotePageMetadata(STEP_PATHS[5]);
}

export default async function ReviewPage() {
  const page = await getPageRecord(PAGE_IDS.step4);
  return (
    <QuoteFrame
      step={5}
      title={TITLE}
      backArrowHref={STEP_PATHS[3]}
      // Page 8's heading ("Your Contact Details, Then Review") serves step 4 too: the panel beside
      // step 5 names step 5, in the spec's words; its description stays the record's.
      panelHeading={TITLE}
      panelDescription={<RichText html={page.description} />}
    >
      <ReviewAndSubmit />
      <QuoteGuarantee />
    </QuoteFrame>
  );
}
