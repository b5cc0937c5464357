"use client";

import { useEffect } from "react";
import { quoteStartFromQuery } from "@/lib/contract/routes";
import { saveQuoteStart } from "@/lib/lead-form/storage";

/**
 * Step 1 opened from a quote link (`/search?manager=1400&city=Austin`): stores the managers and
 * the place it names, then drops the query from the address, so a reload or a Back to this step
 * later keeps what the owner changed since. Read from the address itself: the page is the same
 * static page for every query (the server never sees it).
 */
export function useQuoteStart(): void {
  useEffect(() => {
    const start = quoteStartFromQuery(new URLSearchParams(window.location.search));
    if (!start) return;
    saveQuoteStart(start);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash);
  }, []);
}
