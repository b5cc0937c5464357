/**
 * What the first year with a manager costs an owner, from the fee fields a listing publishes
 * (lib/contract `fees`) and the owner's stated rent: the one computation behind /compare's cost
 * table and marks, and the fee sort of a list ("lowest first-year cost at $2,000 a month").
 * Pure functions of plain data, so the server, the browser and a proposals comparison agree.
 *
 * The assumption, stated wherever a figure is shown: each of `units` homes rents at `monthlyRent`
 * for the whole year and is leased once; management is charged for twelve months (a percentage
 * of that rent, or the flat monthly fee per home), leasing once per home (a percentage of one
 * month's rent), the setup fee once. The renewal fee is due when a lease renews, usually after
 * the first year: it is returned apart, never in the total. A fee the manager does not list makes
 * the total unknown (null), never zero.
 */
import type { Fees } from ".";
import { parseMonthlyRent } from "./fees";
import { DEFAULT_MONTHLY_RENT, MONTHLY_RENT_MAX } from "./site";

export type FirstYearInput = {
  fees: Fees;
  /** The rent of one home, in dollars a month (negative counts as 0). */
  monthlyRent: number;
  /** How many homes the manager would look after (1 when absent; at least 1). */
  units?: number;
};

export type FirstYearCost = {
  monthlyRent: number;
  units: number;
  /** Management for twelve months, every home. */
  management: number | null;
  /** Leasing once per home (a percentage of one month's rent). */
  leasing: number | null;
  /** The setup fee, once. */
  setup: number | null;
  /** management + leasing + setup; null when one of them is not listed. */
  total: number | null;
  /** Per lease renewal, every home: due when a lease renews, not in the total. */
  renewal: number | null;
};

const roundToCents = (amount: number) => Math.round(amount * 100) / 100;

export function firstYearCost({ fees, monthlyRent, units = 1 }: FirstYearInput): FirstYearCost {
  const rent = Math.max(0, monthlyRent);
  const homes = Math.max(1, Math.floor(units));
  const monthly =
    fees.management_percent !== null ? (rent * fees.management_percent) / 100 : fees.management_flat !== null ? fees.management_flat : null;
  const management = monthly === null ? null : roundToCents(monthly * 12 * homes);
  const leasing = fees.leasing_percent === null ? null : roundToCents(((rent * fees.leasing_percent) / 100) * homes);
  const setup = fees.setup_fee;
  const total = management !== null && leasing !== null && setup !== null ? roundToCents(management + leasing + setup) : null;
  const renewal = fees.renewal_fee === null ? null : roundToCents(fees.renewal_fee * homes);
  return { monthlyRent: rent, units: homes, management, leasing, setup, total, renewal };
}

/**
 * The ids whose first-year total is the lowest of those known (ties all marked), when at least two
 * totals are known: one known figure is not "cheapest" of anything. `complete` says whether every
 * total was known, so a mark can say "of those that list every fee" when some were not.
 */
export function cheapestFirstYear<Id>(costs: readonly { id: Id; total: number | null }[]): { ids: Id[]; complete: boolean } {
  const known = costs.filter((cost): cost is { id: Id; total: number } => cost.total !== null);
  if (known.length < 2) return { ids: [], complete: known.length === costs.length };
  const lowest = Math.min(...known.map((cost) => cost.total));
  return { ids: known.filter((cost) => cost.total === lowest).map((cost) => cost.id), complete: known.length === costs.length };
}

/** The ids offering the most services (ties all marked), when at least two are compared and they differ. */
export function mostServices<Id>(managers: readonly { id: Id; services: readonly unknown[] }[]): Id[] {
  if (managers.length < 2) return [];
  const most = Math.max(...managers.map((manager) => manager.services.length));
  const fewest = Math.min(...managers.map((manager) => manager.services.length));
  return most === fewest ? [] : managers.filter((manager) => manager.services.length === most).map((manager) => manager.id);
}

/**
 * The order of the fee sort: lowest known first-year total first, an unknown total last. Returns
 * a comparator's key (null: unknown) for one manager's fees at the owner's rent.
 */
export const firstYearSortKey = (fees: Fees, monthlyRent: number): number | null => firstYearCost({ fees, monthlyRent }).total;

/**
 * The rent a page's figures assume, from its address (`?rent=2500`): the owner's when it is one
 * (lib/contract/fees.ts parseMonthlyRent), else DEFAULT_MONTHLY_RENT, with what was typed so the
 * page can say it was not a rent.
 */
export function rentFromQuery(value: string | string[] | undefined): { rent: number; invalid?: string } {
  const text = (Array.isArray(value) ? value[0] : value) ?? "";
  if (text.trim() === "") return { rent: DEFAULT_MONTHLY_RENT };
  const rent = parseMonthlyRent(text, MONTHLY_RENT_MAX);
  return rent === null ? { rent: DEFAULT_MONTHLY_RENT, invalid: text.slice(0, 40) } : { rent };
}
