"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import { browserApi } from "@/lib/api/browser";
import type { AnyCallRequest, AnyCallResponse } from "@/lib/contract";

/** How often an open private page reads its data again while it is visible (ms). */
const LIVE_REFRESH_MS = 20_000;

type LiveCall = "request/proposals" | "proposal/get";

/**
 * A private page's data, kept fresh with SWR: the server's render first, then read again through
 * POST /api/<call> with the page's own token on focus, on reconnect, and every LIVE_REFRESH_MS
 * while the page is visible, until `live` says the request is decided (or closed). Only the
 * private pages load this (and SWR with it): no public page imports it.
 */
export function useLiveCall<C extends LiveCall>(call: C, token: string, initial: AnyCallResponse<C>, live: (data: AnyCallResponse<C>) => boolean) {
  const shown = useRef(initial);
  const { data, mutate } = useSWR<AnyCallResponse<C>>([call, token], () => browserApi.call(call, { token } as AnyCallRequest<C>) as Promise<AnyCallResponse<C>>, {
    fallbackData: initial,
    // The server just rendered it: no second read on arrival.
    revalidateOnMount: false,
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    refreshInterval: (latest) => (live(latest ?? initial) ? LIVE_REFRESH_MS : 0),
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    // A failed read keeps what is shown; the next interval tries again.
    shouldRetryOnError: false,
    // Decided or closed: nothing more is read, on focus or reconnect either.
    isPaused: () => !live(shown.current),
  });
  const current = data ?? initial;
  useEffect(() => {
    shown.current = current;
  }, [current]);
  return { data: current, refresh: () => mutate() };
}
