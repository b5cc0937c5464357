/**
 * What the public pages say in their own text, beside what the service and the forms answer
 * (lib/contract/messages.ts): empty states, notices, instructions and where an owner's request
 * stands. One home: pages, components, tests and the end-to-end specs read the same words.
 * A sentence that a link interrupts is split around the link (`before`, `after`).
 */

/** A manager's profile: the area it serves. */
export const PROFILE = {
  area: (area: string) => `${area} of its office.`,
} as const;

/** A city's list and the ZIP search. */
export const DIRECTORY_PAGE = {
  cityPrompt: (city: string) => `Tell us about your property once and hear back from managers who serve ${city}.`,
  zipPrompt: "Tell us about your property once and hear back from the managers you choose.",
  nearby: (city: string, miles: number) =>
    `The nearest offices within ${miles} miles. They do not list ${city} in their service area: ask them whether they would take on a property there.`,
  zipHint: { before: "Type a ZIP code to see the managers whose service area includes it, or", link: "browse by state and city", after: "." },
  sampleNotice: { before: "Listings marked", after: "are examples: the companies, their fees and their license data are fictional." },
} as const;

/** A state's hub and the laws index. */
export const LAW_PAGES = {
  stateHubLead: (state: string) => `Security deposits, notice periods and the other rules a landlord in ${state} has to follow, with the statutes they come from.`,
  preparing: "We are preparing landlord-tenant summaries for every state. Please check back soon.",
  compareLead: "Each table puts one rule side by side for every state, in plain words, with its statute and its source. Tables on newer topics mark the states we have not covered yet.",
  notCovered: (state: string) => `${state}: not yet covered by our law summaries.`,
  /** After a state's rule on licensing managers: `whose` is "this manager's license" or "these managers' licenses". */
  notACheck: (state: string, whose: string) => `This describes ${state} law; it is not a check of ${whose}.`,
} as const;

/** /compare. */
export const COMPARE_PAGE = {
  tooMany: (picked: number, max: number) => `You picked ${picked} managers; the first ${max} are shown.`,
  empty: "No managers to compare yet.",
  howTo: { before: (max: number) => `Tick \u201cCompare\u201d on up to ${max} managers in a city list or in the`, link: "ZIP search", after: ", then choose \u201cCompare selected\u201d." },
  recipientsNote: "They will receive your request only if they serve your property's ZIP code; the last step says which do not.",
} as const;

/** A page that failed or was not found. */
export const FAILED_PAGE = {
  notFoundLead: "The address may be mistyped, or the page may have moved. These will get you back on track:",
} as const;

/** The newsletter box and the subscription's confirmation page. */
export const NEWSLETTER_PAGE = {
  confirm: "Please confirm that you want our newsletter of articles, resources and events at the address that received this link. Until you do, we send it nothing.",
} as const;

/** The quote flow's notes and the quote guarantee. */
export const QUOTE_NOTES = {
  loadingQuestions: "Loading the questions for your property type...",
  noQuestions: "There are no questions for this property type. Select Next to continue.",
  allOptional: "Every question is optional: answer what you know and skip the rest.",
  loadingAnswers: "Loading your answers...",
  guaranteePitch: "Rather set the budget yourself? Name your price, and only the managers you choose will hear it.",
  guaranteeLead: (price: string | number) =>
    `Tell us the monthly management fee you would like to pay and leave your mobile number. Your price of $${price} a month, your number and your property's address go only to the managers you tick below.`,
} as const;

const withdrawnTold = (recipients: number) =>
  recipients === 0 ? "any manager who received it" : recipients === 1 ? "the manager who received it" : `the ${recipients} managers who received it`;

/** An owner's private request page: where the request stands and who received it. */
export const REQUEST_STATUS = {
  withdrawnOn: (date: string) => `You withdrew this request on ${date}.`,
  sent: (date: string) => `Sent ${date}. Only you have this page's link: keep it to yourself.`,
  nobodyReceived: "Nobody: no manager had received it.",
  nobodyServes: (zip: string, category: string, maskedEmail: string | null) =>
    `Nobody yet: no property manager serves ZIP ${zip} for ${category} properties. We will email you when one does${maskedEmail ? ` (at ${maskedEmail})` : ""}, so you can choose who receives your request.`,
  servedNow: "A property manager serves your ZIP now. Nobody receives your request until you choose.",
  changedMind: "Changed your mind?",
  withdrawEffect: (recipients: number) => `Withdrawing tells ${withdrawnTold(recipients)} and erases your name, email, phone number and address from our records.`,
} as const;
