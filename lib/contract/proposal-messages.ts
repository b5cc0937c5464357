/**
 * What the site says about proposals: on the manager's proposal page
 * (/proposals/{token}), in the owner's comparison on the request page, in the calls' answers and
 * in the messages the delivery worker writes. Apart from messages.ts only so that the pages
 * without a proposal do not load these sentences: the rule of messages.ts holds here (plain
 * strings and small functions; the browser imports this file).
 */

/** "Anna Delgado Rentals'", "Lakeshore Homes of Austin's". */
const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Quotes that come back through the site: the manager's proposal page
 * (/proposals/{token}), the owner's comparison on the request page, and the calls' answers.
 */
export const PROPOSAL = {
  pageTitle: (reference: string) => `Your proposal for request ${reference}`,
  intro: (company: string) =>
    `${company}: the owner chose you to receive this request. Send your proposal in the fields below; the owner sees it next to the others, in the same fields, at their own rent. You can change it until the owner decides, and each change is kept.`,
  privateNote: "This link is yours alone: it opens this request and your own proposal, never another manager's.",
  contactNote: "The owner's contact details are in the message we sent you.",
  labels: {
    managementKind: "Management fee",
    managementPercent: "Percent of collected rent",
    managementFlat: "Flat amount a month, per unit",
    managementPercentValue: "Management fee (% of collected rent)",
    managementFlatValue: "Management fee ($ a month per unit)",
    leasingPercent: "Leasing / placement fee (% of one month's rent)",
    setupFee: "Setup fee ($, once)",
    renewalFee: "Lease renewal fee ($)",
    maintenanceMarkup: "Maintenance markup (% on vendor invoices)",
    contractMonths: "Minimum contract term (months; 0 for month to month)",
    startDate: "Earliest start date",
    services: "Services included",
    message: "A short message to the owner",
  },
  optionalNote: "Leave a fee empty when you do not charge it.",
  fromProfile: "Filled in from your listing's fees and services: change what differs for this property.",
  /** Under the form, following each keystroke: what the owner's comparison will show for these terms. */
  ownerFirstYear: (firstYear: string, at: string) => `The owner's first-year cost with these terms: ${firstYear} (${at}; management for 12 months, one placement per unit, setup).`,
  save: "Send my proposal",
  update: "Update my proposal",
  pending: "Saving...",
  saved: (revision: number) => (revision === 1 ? "Your proposal is saved. The owner will see it on their request page." : `Your proposal is updated (version ${revision}). The owner will see the change.`),
  current: (revision: number, when: string) => `Your proposal, version ${revision}, saved ${when}.`,
  /** A closed link: the same page for every reason, each sentence true. */
  closedTitle: "This request is closed",
  closed: {
    withdrawn: "The owner withdrew this request, so it takes no more proposals. Please delete the owner's details.",
    accepted: "The owner accepted your proposal. Their contact details are in the message we sent you.",
    declined: "The owner decided not to go ahead with your proposal. Thank you for sending it.",
    /** Declined, or another manager chosen, before this manager sent anything. */
    unanswered: "The owner has decided, so this request is closed. Please delete the owner's details.",
  },
  /** proposal/save on a closed, unknown or someone else's request. */
  notOpen: "This request no longer takes proposals: the owner withdrew it or already decided.",
  unknownLink: "We could not find that proposal link.",
  feeRequired: "Please give the management fee, as a percent of rent or a flat monthly amount.",
  feeBoth: "Give the management fee as a percent of rent or as a flat monthly amount, not both.",
  startDate: "Please enter the earliest start date as a date (YYYY-MM-DD).",
  saveKey: "The save key is not valid.",
  panelNeedsBoth: "Send either the proposal link's token, or the request's reference with the manager's id (with the API token).",
  panelOnly: "Only the agent panel, with the API token, can save a proposal by reference.",
  tooMany: "Too many saves of this proposal. Please wait a minute and try again.",
  /** The owner's side (the request page). */
  ownerTitle: "Proposals",
  ownerNone: "No proposal yet. Each manager who received your request has a private link to send one here; you will get at most one email an hour when proposals arrive or change.",
  ownerSampleNote:
    "Sample listings are companies that do not exist: they will not answer on their own, so no proposal will come from them unless someone uses the link we sent to their example address.",
  assumption: (rent: string, units: number, from: string) =>
    `First-year cost at ${rent} rent a month for ${units === 1 ? "1 unit" : `${units} units`} (${from}): management for 12 months per unit, one placement per unit, and setup once; renewal and maintenance markup are not in it.`,
  assumptionFromAnswers: "from your answers",
  assumptionDefault: "an assumption: your answers did not give it",
  assumptionEdit: "Change the rent or the unit count to see the cost at yours:",
  rentLabel: "Monthly rent per unit ($)",
  badRent: (max: string, used: string) => `Please enter the monthly rent as an amount in dollars, up to ${max}. The costs below use ${used} until then.`,
  badUnits: (max: number, used: number) => `Please enter the number of units as a whole number from 1 to ${max.toLocaleString("en-US")}. The costs below use ${used} until then.`,
  unitsLabel: "Units",
  cheapest: "Cheapest first year",
  mostServices: "Most services asked for",
  firstYear: "First-year cost",
  /** The phone's summary strip above the cards: every manager, its first-year cost, Accept. */
  stripLabel: "Proposals at a glance",
  stripAccept: "Accept",
  stripAcceptName: (company: string, firstYear: string) => `Accept ${company} at ${firstYear} the first year`,
  notComparable: "Cannot be added up",
  profileSays: (value: string) => `profile says ${value}`,
  differs: "differs from the profile",
  sameAsProfile: "as on the profile",
  accept: (company: string) => `Accept ${possessive(company)} proposal`,
  decline: (company: string) => `Decline ${company}`,
  acceptConfirm: (company: string, revision: number, firstYear: string) =>
    `Accept version ${revision} of ${possessive(company)} proposal, first-year cost ${firstYear}? ${company} gets your contact details as you chose to give them, every other manager is told politely that you chose someone else, and no more proposals can be sent.`,
  declineConfirm: (company: string) => `Decline ${company}? They are told politely, and their link closes.`,
  accepted: (company: string) => `You accepted ${possessive(company)} proposal. We are sending ${company} your contact details as you chose to give them and telling the other managers; the request is closed.`,
  /** The answer to an acceptance: the version and its first-year cost at the request's rent, as accepted. */
  acceptedTerms: (company: string, revision: number, firstYear: string, at: string) =>
    `You accepted version ${revision} of ${possessive(company)} proposal: first-year cost ${firstYear} (${at}). We are sending ${company} your contact details as you chose to give them and telling the other managers; the request is closed.`,
  /** An acceptance must say which version the owner saw. */
  revisionRequired: "Please say which version of the proposal you accept.",
  /** request/decide on a version that is no longer the proposal's current one (HTTP 409): what changed, and nothing accepted. */
  staleRevision: (company: string, seen: number, current: number, changes: readonly string[]) =>
    `${company} changed its proposal after you saw it (version ${seen} → version ${current}${changes.length ? `: ${changes.join(", ")}` : ": its message"}). Nothing was accepted: look at version ${current} and accept it if it still suits you.`,
  unknownRevision: (company: string, seen: number, current: number) =>
    `${possessive(company)} proposal has no version ${seen}; its current version is ${current}. Nothing was accepted.`,
  /** The live page's notices (toasts) and its history. */
  arrived: (company: string) => `${company} sent a proposal.`,
  changed: (company: string, revision: number) => `${company} changed its proposal (version ${revision}).`,
  history: (count: number) => `History: ${count} versions`,
  historyEntry: (revision: number, when: string) => `Version ${revision}, ${when}`,
  historyFirst: "the first version",
  historyMessageOnly: "only the message changed",
  atRent: (rent: string, units: number) => `at ${rent} rent a month for ${units === 1 ? "1 unit" : `${units} units`}`,
  /** The services the owner asked for, per proposal. */
  askedServices: "Services you asked for",
  missing: (service: string) => `${service}: not offered`,
  unchecked: (service: string) => `${service}: not in the services managers list, ask them`,
  firstYearIncludes: (included: readonly string[]) => `Includes ${included.join(", ")}.`,
  firstYearExcludes: (excluded: readonly string[]) => `Cannot include ${excluded.join(" or ")}.`,
  tiedCheapest: "Tied: cheapest first year",
  tiedMostServices: "Tied: most services asked for",
  declined: (company: string) => `You declined ${company}. We are telling them politely, and their link is closed.`,
  acceptedMark: "Accepted",
  declinedMark: "Declined",
  alreadyDecided: "You already decided on this request: nothing was changed.",
  noProposal: "This manager has not sent a proposal: only a proposal can be accepted.",
  version: (revision: number, when: string) => (revision === 1 ? `Sent ${when}` : `Version ${revision}, changed ${when}`),
  monthToMonth: "Month to month",
  months: (count: number) => `${count} month${count === 1 ? "" : "s"}`,
} as const;

/** What managers and owners are told about proposals (delivery/proposal-messages.ts). */
export const PROPOSAL_MAIL = {
  link: (site: string) =>
    `Send the owner your proposal through ${site}, in the same fields as the other managers, at this private link (it opens this request and your own proposal only; you can change it until the owner decides):`,
  acceptedSubject: (reference: string) => `Your proposal for request ${reference} was accepted`,
  accepted: (reference: string, place: string) => `Good news: the owner accepted your proposal for request ${reference} (${place}). Please contact them as they asked:`,
  acceptedUse: "Please use these details only for this request.",
  acceptedTerms: (revision: number) => `The terms the owner accepted (version ${revision} of your proposal):`,
  ownerAcceptedTerms: (revision: number, company: string) => `The terms you accepted (version ${revision} of ${possessive(company)} proposal):`,
  acceptedFirstYear: (firstYear: string, at: string) => `First-year cost: ${firstYear} (${at}; management for 12 months, one placement per unit, setup).`,
  ownerAcceptedSubject: (reference: string) => `You accepted a proposal for request ${reference}`,
  ownerAccepted: (company: string, reference: string, place: string) =>
    `You accepted ${possessive(company)} proposal for your request ${reference} (${place}). We sent ${company} your contact details as you chose to give them, and told the other managers. For your records:`,
  ownerAcceptedContact: (company: string) => `${company} will contact you as you asked. Keep this email: it is what you accepted.`,
  declinedSubject: (reference: string) => `Request ${reference}: the owner decided`,
  declined: (reference: string, place: string) =>
    `Thank you for your interest in request ${reference} (${place}). The owner has decided not to go ahead with you this time, and the request is closed to you.`,
  declinedDelete: "Please delete the owner's details. We hope to send you other requests soon.",
  savedSubject: (reference: string) => `Proposal saved for request ${reference}`,
  saved: (reference: string, revision: number) => `Your proposal for request ${reference} is saved (version ${revision}).`,
  summarySubject: (reference: string) => `New proposals for your request ${reference}`,
  summaryIntro: (reference: string, site: string) => `Property managers answered your request ${reference} on ${site}:`,
  summaryLine: (company: string, revision: number, management: string) =>
    `- ${company}: ${revision === 1 ? "new proposal" : `changed proposal (version ${revision})`}, management ${management}`,
  summaryLink: "See them side by side, with the first-year cost at your rent, and accept or decline on your request's private page:",
  summaryEvery: "We email you at most once an hour about proposals.",
} as const;
