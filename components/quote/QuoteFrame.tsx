import { Img } from "@/components/ui/Img";
import Link from "next/link";
import { SITE_NAME } from "@/lib/contract/site";
import type { StepNumber } from "@/lib/lead-form/steps";
import { PATHS } from "@/lib/contract/routes";
import { ArrowLeftIcon, CloseIcon } from "./icons";
import { PROGRESS_TEXT_ID, StepProgress } from "./StepProgress";
import { StepHeading } from "./StepHeading";

type QuoteFrameProps = {
  step: StepNumber;
  /** The step's question, the page's h1. */
  title: string;
  /** The left panel's heading and description (spec 2.4: from the step's page record). */
  panelHeading: React.ReactNode;
  panelDescription: React.ReactNode;
  /** Step 5 goes back with an arrow at the top; the other steps have a Back button by Next. */
  backArrowHref?: string;
  children: React.ReactNode;
};

/**
 * The frame of every step: the brand and the panel heading on top (the left column on wide
 * screens), the form card with "STEP n/5", progress and close, then the panel's description.
 * On a phone the description follows the form, so the form is the first thing under the thumb.
 */
export function QuoteFrame({ step, title, panelHeading, panelDescription, backArrowHref, children }: QuoteFrameProps) {
  return (
    <div className="quote-layout">
      <header className="quote-intro">
        {/* The image names the link (pa11y H30.2: a link holding only an image needs its alt text). */}
        <Link href={PATHS.home} className="quote-intro__logo">
          <Img src="/brand/logo-white.svg" alt={`${SITE_NAME} home`} width={180} height={40} priority />
        </Link>
        {/* The step's question below is the page's h1 and its first heading; this is the panel's lead. */}
        <p className="quote-intro__heading">{panelHeading}</p>
      </header>

      <main id="main" className="quote-card">
        <div className="quote-card__bar">
          {backArrowHref && (
            <Link href={backArrowHref} className="quote-icon-link" aria-label="Back">
              <ArrowLeftIcon />
            </Link>
          )}
          <StepProgress step={step} />
          <Link href={PATHS.home} className="quote-icon-link quote-icon-link--close" aria-label="Close">
            <CloseIcon />
          </Link>
        </div>
        <StepHeading describedBy={PROGRESS_TEXT_ID}>{title}</StepHeading>
        {children}
      </main>

      <aside className="quote-about" aria-label="About this step">
        {panelDescription}
      </aside>
    </div>
  );
}
