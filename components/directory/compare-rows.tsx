import type { Agent } from "@/lib/contract";
import type { StateLicenseRule } from "@/lib/api/pages";
import { feeRows, NO_FEES } from "@/lib/contract/fees";
import { LicenseRuleLine } from "@/components/laws/LicenseRuleLine";
import { LicenseLine } from "./LicenseLine";
import { areaText, categoryLabels, serviceLabels, unitsText, yearsText } from "./manager-facts";
import { LAW_PAGES } from "@/lib/contract/page-messages";

/**
 * The rows of /compare, top to bottom: one entry per fact, each rendering one manager's cell.
 * Add a row by adding an entry. A state's license rule is the same for every manager in the
 * state: the page states it once under the table (CompareLicenseRules), never in every column.
 */
export type CompareRow = { key: string; label: string; render: (agent: Agent) => React.ReactNode };

/** Each state's rule on licensing property managers, once per state of the compared managers. */
export function CompareLicenseRules({ rules }: { rules: { name: string; rule: StateLicenseRule | null }[] }) {
  if (rules.length === 0) return null;
  return (
    <section className="compare__rules" aria-labelledby="compare-rules-title">
      <h2 id="compare-rules-title">{rules.length === 1 ? "The state's license rule" : "The states' license rules"}</h2>
      {rules.map(({ name, rule }) =>
        rule ? <LicenseRuleLine key={name} rule={rule} whose="these managers' licenses" /> : <p key={name}>{LAW_PAGES.notCovered(name)}</p>,
      )}
    </section>
  );
}

const FEE_LABELS = feeRows(NO_FEES).map((row) => row.label);

export const COMPARE_ROWS: CompareRow[] = [
  { key: "categories", label: "Manages", render: (agent) => categoryLabels(agent.category_ids).join(", ") || "Not listed" },
  { key: "area", label: "Area served", render: (agent) => areaText(agent) },
  ...FEE_LABELS.map((label, index) => ({ key: `fee-${index}`, label, render: (agent: Agent) => feeRows(agent.fees)[index].value })),
  {
    key: "services",
    label: "Services",
    render: (agent) =>
      agent.services.length > 0 ? (
        <ul className="compare__services">
          {serviceLabels(agent.services).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : (
        "Not listed"
      ),
  },
  { key: "license", label: "License", render: (agent) => <LicenseLine license={agent.license} className="compare__license" /> },
  { key: "years", label: "In business", render: (agent) => yearsText(agent.year_founded) ?? "Not listed" },
  { key: "units", label: "Units managed", render: (agent) => unitsText(agent.units_managed) ?? "Not listed" },
];
