/**
 * What a manager costs, worded and added up the same way on the server and in the browser: the
 * fee headline of a card and the rows of a profile's fee table and of /compare (the first-year cost
 * is lib/contract/first-year-cost.ts).
 * Plain functions of the contract's `fees` object (no zod at runtime: the browser imports this).
 */
import type { Fees } from ".";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,980"; amounts with cents keep them ("$79.50"). */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? money.format(amount) : cents.format(amount);
}

/** Money as people read a total: whole dollars ("$3,213"), whatever the rent. */
export const formatDollars = (amount: number) => money.format(Math.round(amount));

/** "8%", "7.5%". */
export const formatPercent = (value: number) => `${Number(value.toFixed(2))}%`;

/** The monthly management fee: "8% of collected rent" or "$99 a month". */
export function managementFeeText(fees: Fees): string | null {
  if (fees.management_percent !== null) return `${formatPercent(fees.management_percent)} of collected rent`;
  if (fees.management_flat !== null) return `${formatMoney(fees.management_flat)} a month`;
  return null;
}

/** The line a card shows: management, then leasing. */
export function feeHeadline(fees: Fees): string {
  const management = managementFeeText(fees);
  const leasing = fees.leasing_percent !== null ? `leasing ${formatPercent(fees.leasing_percent)} of one month's rent` : null;
  if (!management && !leasing) return "Fees not listed";
  return [management ? `Management ${management}` : "Management fee not listed", leasing].filter(Boolean).join(" · ");
}

/** A manager who lists no fee at all. */
export const NO_FEES: Fees = {
  management_percent: null,
  management_flat: null,
  leasing_percent: null,
  renewal_fee: null,
  setup_fee: null,
  maintenance_markup_percent: null,
  vacancy_fee: null,
};

/** Every fee as a labelled row, in the order of the profile's table and the compare view. */
export function feeRows(fees: Fees): { label: string; value: string }[] {
  const listed = (value: string | null) => value ?? "Not listed";
  const dollars = (amount: number | null) => (amount === null ? "Not listed" : amount === 0 ? "None" : formatMoney(amount));
  return [
    { label: "Management fee", value: listed(managementFeeText(fees)) },
    { label: "Leasing fee", value: fees.leasing_percent === null ? "Not listed" : `${formatPercent(fees.leasing_percent)} of one month's rent` },
    { label: "Lease renewal fee", value: dollars(fees.renewal_fee) },
    { label: "Setup fee", value: dollars(fees.setup_fee) },
    {
      label: "Maintenance markup",
      value:
        fees.maintenance_markup_percent === null
          ? "Not listed"
          : fees.maintenance_markup_percent === 0
            ? "None (vendor invoices passed on at cost)"
            : `${formatPercent(fees.maintenance_markup_percent)} on vendor invoices`,
    },
    { label: "Vacancy fee", value: fees.vacancy_fee === null ? "Not listed" : fees.vacancy_fee ? "Charged while the home is empty" : "None" },
  ];
}

/** A typed rent as a number of dollars, or null when it is not one. */
export function parseMonthlyRent(text: string, max: number): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value > 0 && value <= max ? value : null;
}
