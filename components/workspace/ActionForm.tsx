"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";

/**
 * A workspace form bound to a server action: the action's answer is shown below the form
 * (role="status" for success, role="alert" for a refusal), and the buttons say when it is busy.
 * Works without JavaScript too (the action runs and the page is rendered again).
 */
export type ActionState = { ok: boolean; message: string; field?: string } | null;
type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export function ActionForm({ action, children, className, label }: { action: Action; children: React.ReactNode; className?: string; label?: string }) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className={className} aria-label={label}>
      {children}
      {state && (
        <p className={state.ok ? "ws-notice ws-notice--ok" : "ws-notice ws-notice--error"} role={state.ok ? "status" : "alert"}>
          {state.message}
        </p>
      )}
    </form>
  );
}

/** A submit button that names its intent (one form, several actions: save, preview, publish…). */
export function IntentButton({ intent, children, variant = "primary" }: { intent?: string; children: React.ReactNode; variant?: "primary" | "outline" | "danger" }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" name={intent ? "intent" : undefined} value={intent} className={`button ws-button ws-button--${variant}`} disabled={pending} aria-busy={pending}>
      {children}
    </button>
  );
}
