"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { readLeadValues, type LeadValues } from "@/lib/lead-form/storage";
import { firstIncompleteStepBefore, type StepNumber } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";

const neverChanges = () => () => {};

/**
 * True once the page runs in the browser. The server (and the hydration pass) cannot see
 * localStorage, so a step renders its form disabled until this turns true.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * What a step knows when it opens: the stored lead values once they can be read, and whether
 * the visitor may stay. A step opened without the data of an earlier one is replaced by the
 * first incomplete step, so a lead is never sent half-filled.
 */
export function useStepEntry(step: StepNumber): { values: LeadValues | null; ready: boolean } {
  const hydrated = useIsHydrated();
  const router = useRouter();
  // Read once per entry: every change after that goes through the step's own state.
  const values = useMemo(() => (hydrated ? readLeadValues() : null), [hydrated]);
  const missingStep = values ? firstIncompleteStepBefore(step, values) : null;

  useEffect(() => {
    if (missingStep) router.replace(STEP_PATHS[missingStep]);
  }, [missingStep, router]);

  return { values, ready: values !== null && missingStep === null };
}
