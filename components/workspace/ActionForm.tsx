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

/**
 * A submit button that names its intent (one form, several actions: save, preview, publish…).
 * `busy`: what it says while the action runs (a publish or a rollback of thousands of pages takes
 * seconds), shown beside it and announced.
 */
export function IntentButton({ intent, children, variant = "primary", busy }: { intent?: string; children: React.ReactNode; variant?: "primary" | "outline" | "danger"; busy?: string }) {
  const { pending, data } = useFormStatus();
  // Busy only for the form's own intent: one form's Save does not say it is publishing.
  const mine = pending && (intent === undefined || data?.get("intent") === intent);
  return (
    <>
      <button type="submit" name={intent ? "intent" : undefined} value={intent} className={`button ws-button ws-button--${variant}`} disabled={pending} aria-busy={mine}>
        {children}
      </button>
      {busy && mine && (
        <span className="ws-busy" role="status">
          {busy}
        </span>
      )}
    </>
  );
}
