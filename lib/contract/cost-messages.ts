/**
 * The first-year figures shown where an owner chooses managers: on the recipients step and on a
 * list sorted by first-year cost. Apart from messages.ts, which every page's scripts load (its
 * module is sent whole): only the pages that show these figures load them.
 */
export const RECIPIENT_COSTS = {
  firstYear: (total: string | null) => (total ? `First year from its listed fees: ${total}` : "First year: not known (a fee it adds up is not listed)"),
  assumption: (rent: string, units: number, fromAnswers: boolean) =>
    `First-year costs at ${rent} a month for ${units === 1 ? "1 unit" : `${units} units`} (${fromAnswers ? "from your answers" : "your rent was not given"}): management for 12 months, leasing once and setup; the lease renewal fee is not in it.`,
} as const;

/** A card of a list sorted by first-year cost: the figure the order follows. */
export const cardFirstYear = (rent: string, total: string | null) =>
  total ? `First year at ${rent} a month: ${total}` : `First year at ${rent} a month: not known (a fee is not listed)`;
