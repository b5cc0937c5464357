"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import type { Fees } from "@/lib/contract";
import { formatMoney, parseMonthlyRent } from "@/lib/contract/fees";
import { firstYearCost } from "@/lib/contract/first-year-cost";
import { MONTHLY_RENT_MAX } from "@/lib/contract/site";
import { PATHS, comparePath } from "@/lib/contract/routes";

type Manager = { id: number; name: string; fees: Fees };

const money = (amount: number | null) => (amount === null ? "Not listed" : formatMoney(amount));

/**
 * The first year with each manager for the monthly rent the owner types: the same
 * firstYearCost() the server rendered the page with. Without JavaScript, "Update" sends the rent
 * to the server (a GET of /compare), which renders the same table for it.
 */
export function CostCalculator({ managers, initialRent }: { managers: Manager[]; initialRent: number }) {
  const [text, setText] = useState(String(initialRent));
  const typed = parseMonthlyRent(text, MONTHLY_RENT_MAX);
  const rent = typed ?? initialRent;
  const costs = managers.map((manager) => ({ manager, cost: firstYearCost({ fees: manager.fees, monthlyRent: rent }) }));
  const ids = useId();
  const router = useRouter();
  const rows: { label: string; value: (cost: (typeof costs)[number]["cost"]) => string; total?: boolean }[] = [
    { label: "Management, 12 months", value: (cost) => money(cost.management) },
    { label: "Leasing, once", value: (cost) => money(cost.leasing) },
    { label: "Setup", value: (cost) => money(cost.setup) },
    { label: "First-year total", value: (cost) => money(cost.total), total: true },
    { label: "Renewal fee (when a lease renews, not in the total)", value: (cost) => money(cost.renewal) },
  ];
  return (
    <section className="cost-calculator" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>First-year cost</h2>
      <form
        method="get"
        action={PATHS.compare}
        className="cost-calculator__form"
        onSubmit={(event) => {
          // The table already follows the typing; keep the rent in the address so it can be shared.
          if (typed === null) return;
          event.preventDefault();
          router.replace(comparePath(managers.map((manager) => manager.id), typed), { scroll: false });
        }}
      >
        <input type="hidden" name="ids" value={managers.map((manager) => manager.id).join(",")} />
        <div className="field">
          <label htmlFor={`${ids}-rent`}>Monthly rent ($)</label>
          <input
            id={`${ids}-rent`}
            name="rent"
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${ids}-rent-help`}
            aria-invalid={typed === null}
          />
          <p id={`${ids}-rent-help`} className="field__help">
            {typed === null ? `Type a monthly rent between $1 and ${formatMoney(MONTHLY_RENT_MAX)}; the table shows ${formatMoney(initialRent)}.` : "The table follows what you type."}
          </p>
        </div>
        <button type="submit" className="button button--outline">
          Update
        </button>
      </form>
      <div className="table-scroll" role="region" aria-labelledby={`${ids}-caption`} tabIndex={0}>
        <table className="compare-table compare-table--costs">
          <caption id={`${ids}-caption`} aria-live="polite">
            First year at {formatMoney(rent)} a month: management × 12 + leasing + setup
          </caption>
          <thead>
            <tr>
              <td />
              {managers.map((manager) => (
                <th key={manager.id} scope="col">
                  {manager.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className={row.total ? "compare-table__total" : undefined}>
                <th scope="row">{row.label}</th>
                {costs.map(({ manager, cost }) => (
                  <td key={manager.id}>{row.value(cost)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
