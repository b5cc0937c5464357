/**
 * How a manager's license is worded wherever a manager is shown (the recipient choice of the
 * quote flow; cards, profiles and the compare view can share it). A plain function of the
 * contract's `license` object (no zod at runtime: the browser imports this). Only a registry check
 * with its date says "checked"; sample data says it is not a real license.
 */
import type { License } from ".";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function licenseText(license: License | null): string {
  if (!license) return "License: not provided";
  const what = `${license.state} ${license.type.toLowerCase() || "license"} no. ${license.number}`;
  switch (license.source) {
    case "sample":
      return `License: sample data, not a real license (${what})`;
    case "registry":
      return license.checked_on
        ? `License: ${what}, checked in the state registry on ${dateFormat.format(new Date(`${license.checked_on}T00:00:00Z`))}`
        : `License: ${what}, as reported by the company (not checked by us)`;
    default:
      return `License: ${what}, as reported by the company (not checked by us)`;
  }
}
