"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { saveLeadValue, type LeadKey } from "@/lib/lead-form/storage";
import type { StepProblem } from "@/lib/lead-form/steps";
import { formControl } from "@/components/forms/useSave";
import { useMessages } from "@/components/ui/MessageDialog";
import { StepActions } from "./StepActions";

/** A step's fields, kept in state and saved to browser storage on every keystroke. */
export function useStoredFields<T extends Partial<Record<LeadKey, string>>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  function update(key: keyof T & LeadKey, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    saveLeadValue(key, value);
  }
  return [values, update] as const;
}

/**
 * The form of every quote step with fields: Next checks the step (emptiness only, the first
 * failure in an "Error!" dialog, spec section 5, whose closing focuses that field), keeps what
 * the step keeps on leaving (`onNext`) and moves on; Back leads to the previous step (step 1 has
 * none). Each field is named after its storage key.
 */
export function StepForm({
  legend,
  validate = () => null,
  onNext,
  nextHref,
  backHref,
  disabled,
  busy,
  children,
}: {
  legend: string;
  validate?: () => StepProblem | null;
  onNext?: () => void;
  nextHref: string;
  backHref?: string;
  disabled: boolean;
  /** While the step's content is still coming (aria-busy on the fieldset). */
  busy?: boolean;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const { showError } = useMessages();
  return (
    <form
      className="quote-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const problem = validate();
        if (problem) {
          showError(problem.message, { focus: () => formControl(form, problem.field) });
          return;
        }
        onNext?.();
        router.push(nextHref);
      }}
    >
      <fieldset className="quote-fieldset" disabled={disabled} aria-busy={busy}>
        <legend className="visually-hidden">{legend}</legend>
        {children}
      </fieldset>
      <StepActions backHref={backHref} disabled={disabled} />
    </form>
  );
}
