"use client";

import { useCallback, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import { ApiError } from "@/lib/contract/errors";
import { FAILURE } from "@/lib/contract/messages";
import type { AnyCallRequest, AnyCallResponse } from "@/lib/contract";
import { useMessages } from "@/components/ui/MessageDialog";

type SaveCall = "lead/save" | "agent/save" | "contact/save" | "newsletter/save" | "lead/withdraw" | "lead/recipients" | "newsletter/confirm" | "lead/confirm" | "proposal/save" | "request/decide";

type SaveOptions = {
  successPopup?: boolean;
  /** The element to focus after the "Error!" dialog when the service names an invalid field. */
  fieldElement?: (field: string) => HTMLElement | null | undefined;
  /** Called with the service's status when it refused the call (after the dialog is shown). */
  onRefused?: (status: number) => void;
};

/** The control of `form` named `name` (the forms name their inputs after the request's fields). */
export function formControl(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const control = form?.elements.namedItem(name);
  return control instanceof HTMLElement ? control : null;
}

/**
 * Sends one of the four save calls with the spec's behaviour: pending while it runs (one call at
 * a time), the server's message in an "Error!" dialog on failure (closing it focuses the field
 * the service named), a "Success!" dialog on success unless the caller goes elsewhere instead,
 * and a clear message when the network fails.
 */
export function useSave<C extends SaveCall>(call: C) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const { showError, showSuccess } = useMessages();

  const save = useCallback(
    async (body: AnyCallRequest<C>, { successPopup = true, fieldElement, onRefused }: SaveOptions = {}): Promise<AnyCallResponse<C> | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      // The submit button is disabled while pending and loses focus; the dialog gives it back.
      const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPending(true);
      try {
        const result = await browserApi.call(call, body);
        if (successPopup) showSuccess(result.message);
        return result;
      } catch (error) {
        const field = error instanceof ApiError ? error.field : undefined;
        showError(error instanceof ApiError ? error.message : FAILURE.network, {
          focus: () => (field && fieldElement?.(field)) || focusedBefore,
        });
        if (error instanceof ApiError) onRefused?.(error.status);
        return null;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [call, showError, showSuccess],
  );

  return { pending, save };
}
