/**
 * The owner's comparison of proposals, worded and decided the same way on the server and in the
 * browser: what changed between two versions of a proposal (the refusal of a stale acceptance and
 * the page's history), which of the services the owner asked for each proposal offers, which
 * fees the first-year cost holds and which it cannot, and the marks (ties said as ties).
 * Plain functions (no zod at runtime: the browser imports this).
 */
import type { StoredProposal } from ".";
import { formatDollars, formatPercent } from "./fees";
import { proposalFeeRows, proposalFirstYear } from "./proposals";
import { serviceLabel } from "./site";

type Version = Pick<
  StoredProposal,
  "management_percent" | "management_flat" | "leasing_percent" | "setup_fee" | "renewal_fee" | "maintenance_markup_percent" | "contract_months" | "start_date" | "services"
>;

/** "January 15, 2027": a date as people write it (the stored form is 2027-01-15). */
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
export function formatDay(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

const termText = (months: number) => (months === 0 ? "month to month" : `${months} month${months === 1 ? "" : "s"}`);
const servicesText = (keys: readonly string[]) => (keys.length ? keys.map((key) => serviceLabel(key) ?? key).join(", ") : "none listed");

/**
 * What changed from `before` to `after`, one phrase each, the first-year cost at `rent` and
 * `units` first: ["first-year cost $3,213 → $5,388", "management fee 6% of collected rent → 8% of collected rent"].
 * Empty when only the message changed.
 */
export function proposalChanges(before: Version, after: Version, { rent, units }: { rent: number; units: number }): string[] {
  const changes: string[] = [];
  const costBefore = proposalFirstYear(before, rent, units).total;
  const costAfter = proposalFirstYear(after, rent, units).total;
  if (formatDollars(costBefore) !== formatDollars(costAfter)) changes.push(`first-year cost ${formatDollars(costBefore)} → ${formatDollars(costAfter)}`);
  const rowsBefore = proposalFeeRows(before);
  proposalFeeRows(after).forEach((row, index) => {
    if (row.value !== rowsBefore[index].value) changes.push(`${row.label.toLowerCase()} ${rowsBefore[index].value} → ${row.value}`);
  });
  if (before.contract_months !== after.contract_months) changes.push(`minimum term ${termText(before.contract_months)} → ${termText(after.contract_months)}`);
  if (before.start_date !== after.start_date) changes.push(`earliest start ${formatDay(before.start_date)} → ${formatDay(after.start_date)}`);
  const sortedBefore = [...before.services].sort().join();
  if (sortedBefore !== [...after.services].sort().join()) changes.push(`services ${servicesText(before.services)} → ${servicesText(after.services)}`);
  return changes;
}

/** One service the owner asked for: the words of their answer, and the listed services that provide it (none: it cannot be checked). */
export type AskedService = { answer: string; keys: string[] };

/** The quote form's service answers, in the directory's vocabulary (lib/contract/site.ts MANAGER_SERVICES). */
const ANSWER_SERVICES: Record<string, string[]> = {
  "tenant placement": ["leasing_marketing", "tenant_screening"],
  "rent collection": ["rent_collection"],
  "rent and cam collection": ["rent_collection"],
  "maintenance coordination": ["maintenance_coordination"],
  inspections: ["inspections"],
  "property inspections": ["inspections"],
  "accounting and owner statements": ["accounting", "owner_statements"],
  "eviction coordination": ["evictions"],
  "tenant and lease management": ["commercial_leasing", "leasing_marketing"],
};

/** The services the owner asked for, from the answer to "Which services would you like a manager to handle?". */
export function askedServicesOf(answers: readonly { question: string; answer: string | readonly string[] }[]): AskedService[] {
  const entry = answers.find(({ question }) => /which services/i.test(question));
  if (!entry) return [];
  const chosen = Array.isArray(entry.answer) ? entry.answer : String(entry.answer).split(/,\s*/);
  return chosen.filter((answer) => answer.trim()).map((answer) => ({ answer: answer.trim(), keys: ANSWER_SERVICES[answer.trim().toLowerCase()] ?? [] }));
}

/** Of the services asked for: those a proposal offers, those it does not (missing), and those no listed service matches (unchecked). */
export function serviceCoverage(asked: readonly AskedService[], offered: readonly string[]): { offered: string[]; missing: string[]; unchecked: string[] } {
  const result = { offered: [] as string[], missing: [] as string[], unchecked: [] as string[] };
  for (const service of asked) {
    if (service.keys.length === 0) result.unchecked.push(service.answer);
    else if (service.keys.some((key) => offered.includes(key))) result.offered.push(service.answer);
    else result.missing.push(service.answer);
  }
  return result;
}

/**
 * What the first-year cost of a proposal holds and what it cannot: management, placement and
 * setup are in it; a renewal fee (due when a lease renews, not in the first year) and a
 * maintenance markup (a share of repair bills nobody knows yet) are named apart, when charged.
 */
export function firstYearParts(terms: Pick<StoredProposal, "renewal_fee" | "maintenance_markup_percent">): { included: string[]; excluded: string[] } {
  const excluded: string[] = [];
  if (terms.renewal_fee) excluded.push(`the ${formatDollars(terms.renewal_fee)} renewal fee (due when a lease renews)`);
  if (terms.maintenance_markup_percent) excluded.push(`the ${formatPercent(terms.maintenance_markup_percent)} maintenance markup (on repair bills nobody can know yet)`);
  return { included: ["management for 12 months", "one placement per unit", "setup"], excluded };
}

/** A mark and whether it is shared: the best value, held by more than one proposal, is a tie. */
export type Mark = { ids: Set<number>; tie: boolean };

/**
 * The cheapest first year and the most services asked for, among two or more proposals: every
 * proposal at the best value is marked, and a shared best is a tie. No services mark when the
 * owner asked for none that can be checked, or none is offered.
 */
export function comparisonMarks(offers: readonly { id: number; total: number; askedOffered: number }[], { askedCheckable }: { askedCheckable: boolean }): { cheapest: Mark; mostServices: Mark } {
  const none: Mark = { ids: new Set(), tie: false };
  if (offers.length < 2) return { cheapest: none, mostServices: none };
  const best = (pick: (offer: (typeof offers)[number]) => number, lowest: boolean): Mark => {
    const values = offers.map(pick);
    const target = lowest ? Math.min(...values) : Math.max(...values);
    const ids = new Set(offers.filter((offer) => pick(offer) === target).map((offer) => offer.id));
    return { ids, tie: ids.size > 1 };
  };
  const cheapest = best((offer) => Math.round(offer.total), true);
  const mostServices = askedCheckable && offers.some((offer) => offer.askedOffered > 0) ? best((offer) => offer.askedOffered, false) : none;
  return { cheapest, mostServices };
}
