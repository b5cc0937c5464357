import Link from "next/link";
import type { Agent } from "@/lib/contract";
import { agentPath } from "@/lib/contract/routes";
import { COMPARE_ROWS } from "./compare-rows";
import { SampleBadge } from "./SampleNotice";

/**
 * Managers side by side: one column each, one row per fact of COMPARE_ROWS. On a phone the table
 * swipes sideways inside its own box with the facts' names held in place (a sticky first column),
 * so the page itself never scrolls sideways.
 */
export function CompareTable({ agents }: { agents: Agent[] }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="compare-facts-caption" tabIndex={0}>
      <table className="compare-table">
        <caption id="compare-facts-caption">Fees, services, license and area of each manager</caption>
        <thead>
          <tr>
            <td />
            {agents.map((agent) => (
              <th key={agent.agent_id} scope="col">
                {agent.demo === 1 && <SampleBadge />}
                <Link href={agentPath(agent)} className="compare-table__name">
                  {agent.company_name}
                </Link>
                <span className="compare-table__address">
                  {agent.city}, {agent.state}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARE_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {agents.map((agent) => (
                <td key={agent.agent_id}>{row.render(agent)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
