import { STEP_COUNT, type StepNumber } from "@/lib/lead-form/steps";

/** The id of the spoken progress ("Step 2 of 5"), which the step's heading points to. */
export const PROGRESS_TEXT_ID = "quote-progress-text";

/**
 * "STEP n/5" and a five-segment bar. Assistive technology hears "Step n of 5" once from the
 * progress bar, and again as the description of the heading that takes focus on entry, rather
 * than "step n slash 5".
 */
export function StepProgress({ step }: { step: StepNumber }) {
  const spoken = `Step ${step} of ${STEP_COUNT}`;
  return (
    <div className="quote-progress">
      <p className="quote-progress__label" aria-hidden="true">
        STEP {step}/{STEP_COUNT}
      </p>
      {/* Hidden, yet still read as the heading's description through aria-describedby. */}
      <span id={PROGRESS_TEXT_ID} hidden>
        {spoken}
      </span>
      <div
        className="quote-progress__bar"
        role="progressbar"
        aria-label="Quote request progress"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={spoken}
      >
        {Array.from({ length: STEP_COUNT }, (_, index) => (
          <span key={index} className={`quote-progress__segment${index < step ? " quote-progress__segment--done" : ""}`} />
        ))}
      </div>
    </div>
  );
}
