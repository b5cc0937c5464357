"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { quoteStartFromQuery, type QuoteStart } from "@/lib/contract/quote-start";
import { saveLeadValues, saveSelectedAgents } from "@/lib/lead-form/storage";

/**
 * Stores what a quote link's address chose (quoteStartPath): those managers, and the place step 2
 * opens with. Only what it names: the owner's other answers stay.
 */
function saveQuoteStart({ managers, city, zip }: QuoteStart): void {
  if (managers.length > 0) saveSelectedAgents(managers);
  saveLeadValues({ ...(city ? { property_city: city } : {}), ...(zip ? { property_zip: zip } : {}) });
}

/**
 * Step 1 opened from a quote link (`/search?manager=1400&city=Austin`): stores the managers and
 * the place it names, then drops the query from the address, so a reload or a Back to this step
 * later keeps what the owner changed since. Read from the address itself: the page is the same
 * static page for every query (the server never sees it). The address is changed through Next's
 * router: a bare `history.replaceState` is overwritten when the router commits its own state.
 */
export function useQuoteStart(): void {
  const router = useRouter();
  useEffect(() => {
    const start = quoteStartFromQuery(new URLSearchParams(window.location.search));
    if (!start) return;
    saveQuoteStart(start);
    router.replace(window.location.pathname + window.location.hash, { scroll: false });
  }, [router]);
}
