"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { saveLeadValues, saveSelectedAgents, type LeadValues } from "@/lib/lead-form/storage";

/** The attribute a card's "Request a quote from this manager" link carries: the manager's id. */
const QUOTE_AGENT_ATTRIBUTE = "data-quote-agent";

/**
 * Every card's "Request a quote from this manager", for one list: a plain link to step
 * 1 on each card, and this one listener on the list, which chooses that manager (selected_agents,
 * so the last step ticks it whatever its distance rank) and fills in the list's place before the
 * flow opens. One client leaf per list, not one per card: a server card's every element travels
 * twice (HTML and flight data), and twenty small client links would too.
 */
export function CardQuoteLinks({ listId, values }: { listId: string; values: Partial<LeadValues> }) {
  const router = useRouter();
  const city = values.property_city;
  const zip = values.property_zip;
  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest(`a[${QUOTE_AGENT_ATTRIBUTE}]`) : null;
      if (!(link instanceof HTMLAnchorElement) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const id = Number(link.getAttribute(QUOTE_AGENT_ATTRIBUTE));
      if (!Number.isInteger(id) || id <= 0) return;
      event.preventDefault();
      saveSelectedAgents([id]);
      saveLeadValues({ ...(city ? { property_city: city } : {}), ...(zip ? { property_zip: zip } : {}) });
      router.push(link.pathname);
    };
    list.addEventListener("click", onClick);
    return () => list.removeEventListener("click", onClick);
  }, [listId, city, zip, router]);
  return null;
}
