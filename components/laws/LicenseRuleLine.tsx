import Link from "next/link";
import type { StateLicenseRule } from "@/lib/api/pages";
import { lawTopic, sectionAnchor } from "@/lib/contract/law-topics";
import { lawPath } from "@/lib/contract/routes";
import "@/styles/laws.css";
import { LAW_PAGES } from "@/lib/contract/page-messages";

const LICENSE = lawTopic("property_manager_license");

/** The fact's first clause: whether a license is needed and, where the source says, who issues it. */
function licenseSummary(value: string): string {
  return `${value.split(";")[0].trim().replace(/[.\s]+$/, "")}.`;
}

/**
 * One line on a manager's profile (and in the compare view): the state's rule on licensing people
 * who manage rentals for others, linked to the state's law page. Information about the law,
 * never a verification of the manager.
 */
export function LicenseRuleLine({ rule, whose = "this manager's license" }: { rule: StateLicenseRule; whose?: string }) {
  return (
    <p className="license-rule">
      <strong>{LICENSE.question(rule.state)}</strong> {licenseSummary(rule.value)}{" "}
      <Link href={`${lawPath(rule.slug)}#${sectionAnchor(LICENSE.section)}`}>{rule.state}&apos;s licensing rule in full</Link>
      <span className="license-rule__note">
        {" "}
        {LAW_PAGES.notACheck(rule.state, whose)}
      </span>
    </p>
  );
}
