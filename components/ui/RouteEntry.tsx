"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { clearLeadForm } from "@/lib/lead-form/storage";
import { entryRuleFor } from "@/lib/lead-form/entry-rules";

/**
 * What every page does when it opens (spec sections 2.2 and 3): its rule for the saved
 * quote-form values, and the scroll to the top, both from the one table in entry-rules.ts.
 */
export function RouteEntry() {
  const pathname = usePathname();
  useEffect(() => {
    const { clear, smoothScroll } = entryRuleFor(pathname);
    if (clear) clearLeadForm({ keepPhone: clear === "keepPhone" });
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: smoothScroll && !reduceMotion ? "smooth" : "auto" });
  }, [pathname]);
  return null;
}
