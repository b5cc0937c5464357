"use client";

import Link from "next/link";
import { saveLeadValues } from "@/lib/lead-form/storage";
import { isValidZip, zipFive } from "@/lib/contract/zip";
import { CATEGORY_IDS } from "@/lib/contract/site";
import { STEP_PATHS } from "@/lib/contract/routes";

/**
 * "Get Started" into the quote flow (/search). When the page's ZIP form (`formId`) holds a ZIP
 * code, it and the chosen property type go with the owner into the flow (step 1 opens
 * on that type, step 2 with the ZIP code and its city), so nothing is typed twice.
 */
export function StartQuoteLink({ formId, className, children }: { formId: string; className: string; children: React.ReactNode }) {
  return (
    <Link
      href={STEP_PATHS[1]}
      className={className}
      onClick={() => {
        const form = document.getElementById(formId);
        if (!(form instanceof HTMLFormElement)) return;
        const data = new FormData(form);
        const zip = String(data.get("zip") ?? "").trim();
        const category = Number(data.get("category"));
        if (!isValidZip(zip)) return;
        saveLeadValues({ property_zip: zipFive(zip), ...((CATEGORY_IDS as number[]).includes(category) ? { property_category: String(category) } : {}) });
      }}
    >
      {children}
    </Link>
  );
}
