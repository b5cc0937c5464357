"use client";

import { useEffect } from "react";
import { clearLeadForm, type ClearingRule } from "@/lib/lead-form/storage";

/**
 * What a page does when it opens (spec sections 2.2 and 3): scroll to the top (slowly on content
 * pages) and apply its rule for the saved quote-form values.
 */
export function PageEntry({ clear, smoothScroll = false }: { clear?: ClearingRule; smoothScroll?: boolean }) {
  useEffect(() => {
    if (clear) clearLeadForm({ keepPhone: clear === "keepPhone" });
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: smoothScroll && !reduceMotion ? "smooth" : "auto" });
  }, [clear, smoothScroll]);
  return null;
}
