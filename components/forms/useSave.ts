"use client";

import { useCallback, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api/errors";
import type { CallRequest, CallResponse } from "@/lib/api/contract";
import { useMessages } from "@/components/ui/MessageDialog";

type SaveCall = "lead/save" | "agent/save" | "contact/save" | "newsletter/save";

/**
 * Sends one of the four save calls with the spec's behaviour: pending while it runs (one call at
 * a time), the server's message in an "Error!" dialog on failure, a "Success!" dialog on
 * success unless the caller goes elsewhere instead, and a clear message when the network fails.
 */
export function useSave<C extends SaveCall>(call: C) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const { showError, showSuccess } = useMessages();

  const save = useCallback(
    async (body: CallRequest<C>, { successPopup = true }: { successPopup?: boolean } = {}): Promise<CallResponse<C> | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setPending(true);
      try {
        const result = await browserApi.call(call, body);
        if (successPopup) showSuccess(result.message);
        return result;
      } catch (error) {
        showError(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
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
