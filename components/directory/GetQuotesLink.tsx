"use client";

import Link from "next/link";
import { saveLeadValues } from "@/lib/lead-form/storage";
import { STEP_PATHS } from "@/lib/contract/routes";

/**
 * "Get free quotes": into the quote flow (/search) with what the page already knows saved under
 * the spec's storage keys (the city, and the ZIP code and property type when known), so step 2
 * opens filled in.
 */
export function GetQuotesLink({
  city,
  zip,
  category,
  className = "button button--accent",
  label = "Get free quotes",
}: {
  city: string;
  zip?: string;
  category?: number;
  className?: string;
  label?: string;
}) {
  return (
    <Link
      href={STEP_PATHS[1]}
      className={className}
      onClick={() =>
        saveLeadValues({
          property_city: city,
          ...(zip ? { property_zip: zip } : {}),
          ...(category ? { property_category: String(category) } : {}),
        })
      }
    >
      {label}
    </Link>
  );
}
