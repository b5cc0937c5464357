import Link from "next/link";
import type { Agent } from "@/lib/contract";
import { agentPath } from "@/lib/contract/routes";
import { formatMoney } from "@/lib/contract/fees";
import { cheapestFirstYear, firstYearCost, mostServices, type FirstYearCost } from "@/lib/contract/first-year-cost";
import { FIRST_YEAR } from "@/lib/contract/messages";
import { COMPARE_ROWS } from "./compare-rows";
import { SampleBadge } from "./SampleNotice";

const money = (amount: number | null) => (amount === null ? "not listed" : formatMoney(amount));

function TotalCell({ cost }: { cost: FirstYearCost }) {
  if (cost.total === null) return <>{FIRST_YEAR.unknownTotal}</>;
  return (
    <>
      <strong className="compare-card__total">{formatMoney(cost.total)}</strong>
      <span className="compare-card__parts">{FIRST_YEAR.parts(money(cost.management), money(cost.leasing), money(cost.setup))}</span>
    </>
  );
}

/**
 * Managers side by side: one card each with the same rows in the same order, the
 * first-year cost at the owner's rent on top. Stacked on a phone, so nothing swipes sideways and
 * no label is squeezed into a narrow column; side by side from 760 px, each card a column whose
 * rows line up with its neighbours' (CSS subgrid). Marked: the cheapest first year (of the totals
 * known) and the most services, when the managers differ.
 */
export function CompareCards({ agents, rent }: { agents: Agent[]; rent: number }) {
  const costs = agents.map((agent) => firstYearCost({ fees: agent.fees, monthlyRent: rent }));
  const cheapest = cheapestFirstYear(agents.map((agent, index) => ({ id: agent.agent_id, total: costs[index].total })));
  const most = mostServices(agents.map((agent) => ({ id: agent.agent_id, services: agent.services })));
  const cheapestText = cheapest.complete ? FIRST_YEAR.cheapest : FIRST_YEAR.cheapestOfListed;
  const rows = 1 + COMPARE_ROWS.length;
  return (
    <ol className="compare-cards" style={{ "--compare-columns": agents.length, "--compare-rows": rows + 1 } as React.CSSProperties} aria-label="Managers compared">
      {agents.map((agent, index) => {
        const isCheapest = cheapest.ids.includes(agent.agent_id);
        const hasMost = most.includes(agent.agent_id);
        return (
          <li key={agent.agent_id} className="compare-card">
            <div className="compare-card__head">
              {agent.demo === 1 && <SampleBadge />}
              <h2>
                <Link href={agentPath(agent)}>{agent.company_name}</Link>
              </h2>
              <p className="compare-card__address">
                {agent.city}, {agent.state}
              </p>
              {(isCheapest || hasMost) && (
                <p className="compare-card__marks">
                  {isCheapest && <b className="badge badge--best">{cheapestText}</b>}
                  {hasMost && <b className="badge badge--best">{FIRST_YEAR.mostServices}</b>}
                </p>
              )}
            </div>
            <dl>
              <div className={isCheapest ? "compare-card__row compare-card__row--marked" : "compare-card__row"}>
                <dt>{FIRST_YEAR.totalLabel(formatMoney(rent))}</dt>
                <dd>
                  <TotalCell cost={costs[index]} />
                </dd>
              </div>
              {COMPARE_ROWS.map((row) => (
                <div key={row.key} className={row.key === "services" && hasMost ? "compare-card__row compare-card__row--marked" : "compare-card__row"}>
                  <dt>{row.label}</dt>
                  <dd>{row.render(agent)}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
