import type { Agent } from "@/lib/contract";
import type { StateLicenseRule } from "@/lib/api/pages";
import { feeRows, NO_FEES } from "@/lib/contract/fees";
import { LicenseRuleLine } from "@/components/laws/LicenseRuleLine";
import { LicenseLine } from "./LicenseLine";
import { areaText, categoryLabels, serviceLabels, unitsText, yearsText } from "./manager-facts";

/**
 * The rows of /compare, top to bottom: one entry per fact, each rendering one manager's cell.
 * Add a row by adding an entry (the license row is where a state's license rule belongs).
 */
export type CompareFacts = {
  /** Each state's rule on licensing property managers (issue 12), null where the data has none. */
  licenseRules: ReadonlyMap<string, StateLicenseRule | null>;
};
export type CompareRow = { key: string; label: string; render: (agent: Agent, facts: CompareFacts) => React.ReactNode };

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
  {
    key: "state-license-rule",
    label: "State's license rule",
    render: (agent, { licenseRules }) => {
      const rule = licenseRules.get(agent.state);
      return rule ? <LicenseRuleLine rule={rule} /> : "Not yet covered by our law summaries";
    },
  },
  { key: "years", label: "In business", render: (agent) => yearsText(agent.year_founded) ?? "Not listed" },
  { key: "units", label: "Units managed", render: (agent) => unitsText(agent.units_managed) ?? "Not listed" },
];
