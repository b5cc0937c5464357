import type { License } from "@/lib/contract";
import { licenseText } from "./manager-facts";

/** A manager's license and where the information comes from (never a check that was not made). */
export function LicenseLine({ license, className = "license-line" }: { license: License | null; className?: string }) {
  return <p className={className}>{licenseText(license)}</p>;
}
