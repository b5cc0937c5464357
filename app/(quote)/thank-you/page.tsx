import { Img } from "@/components/ui/Img";
import Link from "next/link";
import { getPageRecord } from "@/lib/api/pages";
import { PAGE_IDS, SITE_NAME } from "@/lib/contract/site";
import { RichText } from "@/components/ui/RichText";
import { StepHeading } from "@/components/quote/StepHeading";
import { CheckIcon } from "@/components/quote/icons";
import { LeadReceipt } from "@/components/quote/LeadReceipt";
import { quotePageMetadata } from "../metadata";
import { fixedHeading } from "@/lib/contract/page-headings";
import { PATHS } from "@/lib/contract/routes";

export function generateMetadata() {
  return quotePageMetadata(PATHS.thankYou);
}

export default async function ThankYouPage() {
  const page = await getPageRecord(PAGE_IDS.thankYou);
  return (
    <div className="quote-done">
      <header className="quote-done__brand">
        {/* The image names the link (pa11y H30.2). */}
        <Link href={PATHS.home}>
          <Img src="/brand/logo.svg" alt={`${SITE_NAME} home`} width={180} height={40} priority />
        </Link>
      </header>
      <main id="main" className="quote-done__card">
        <span className="quote-done__icon">
          <CheckIcon />
        </span>
        <StepHeading className="quote-done__title">{fixedHeading(PATHS.thankYou)}</StepHeading>
        <p className="quote-done__lead">Your form submitted successfully</p>
        <LeadReceipt />
        <RichText html={page.description} className="quote-done__description" />
        <Link href={PATHS.home} className="button quote-done__home">
          Go To Home
        </Link>
      </main>
    </div>
  );
}
