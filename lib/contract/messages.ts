import { CONFIRM, listOf } from "./lead-messages";

export * from "./lead-messages";

/**
 * Every sentence the site says to a visitor about their input or their request, in one place:
 * the emptiness messages of spec section 5 (checked in the browser and again by the service),
 * the format messages of DESIGN.md section 6, what the service answers on success and on
 * failure, and what the browser says when the network fails. The contract, the quote steps,
 * the forms and the service import them from here; no module writes one of them again.
 *
 * Plain strings and small functions only: the browser imports this file, so it must not pull in
 * zod or anything else of the server.
 */

/** Spec section 5: a required field left empty (the first one, in the order of the form). */
export const REQUIRED = {
  address: "Please enter address.",
  city: "Please enter city.",
  zip: "Please enter zip.",
  fullName: "Please enter full name.",
  email: "Please enter email address.",
  contactMethod: "Please select preferred contact method.",
  phone: "Please enter phone number.",
  propertyType: "Please select property type.",
  companyName: "Please enter company name.",
  mobile: "Please enter mobile number.",
  message: "Please enter message.",
} as const;

/** DESIGN.md section 6: what the service checks beyond emptiness. */
export const FORMAT = {
  email: "Please enter a valid email address.",
  zip: "Please enter a valid 5-digit ZIP code.",
  phone: "Please enter a valid 10-digit phone number.",
  mobile: "Please enter a valid 10-digit mobile number.",
  propertyType: "Please select a valid property type.",
  countryCode: "Please select a valid country code.",
  price: (min: number, max: number) => `Please choose a price between $${min} and $${max}.`,
  controlCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  /** A one-line field (a name, a city) with a line break: it could reach a mail header. */
  lineBreak: (label: string) => `${label} must be on one line.`,
} as const;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the contract says about any other value it refuses (lib/contract/index.ts), built from the
 * field's label ("Email address", "the page size"), so every field says it the same way.
 */
export const INVALID = {
  notText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  /** A lookup's missing key or id: "Please provide a state." */
  provide: (what: string) => `Please provide ${what}.`,
  notNumber: (label: string) => `${capitalize(label)} must be a number.`,
  notWholeNumber: (label: string) => `${capitalize(label)} must be a whole number.`,
  tooSmall: (label: string, min: number) => `${capitalize(label)} must be ${min} or more.`,
  tooLarge: (label: string) => `${capitalize(label)} is too large.`,
  atMost: (label: string, max: number) => `${capitalize(label)} must be ${max} or less.`,
  sort: (keys: readonly string[]) => `Sort must be one of ${keys.join(", ")}.`,
  service: "Services must be among the services the site lists.",
  servicesList: "Services must be a list.",
  tooManyServices: (max: number) => `Choose at most ${max} services.`,
  oneOf: (label: string, options: readonly string[]) => `${label} must be ${options.map((option) => `"${option}"`).join(" or ")}.`,
  lawTopic: "Topic is not one of the law topics.",
  answerQuestion: "Each answer must name its question.",
  answer: "An answer must be text or a list of choices.",
  tooManyChoices: (max: number) => `An answer can hold at most ${max} choices.`,
  answers: "Answers must be a list.",
  tooManyAnswers: "Too many answers.",
  managerIds: "The chosen managers must be a list of manager ids.",
  linkTooLong: "The link is too long.",
  submissionKey: "The submission key is not valid.",
  propertyPrice: "Property price must be text or a number.",
} as const;

/** The sign-up popup "Join our Network" (components/forms/JoinNetwork.tsx). */
export const JOIN_NETWORK = {
  intro: "Tell us about your company. Your application is saved on this site; nobody is emailed about it.",
} as const;

/** What a save call answers on success (spec section 8: shown in the "Success!" dialog). */
export const SAVED = {
  /** A lead on its way to the managers the owner chose. */
  leadSent: (reference: string, count: number) =>
    `Thank you! Your request ${reference} is on its way to the ${count === 1 ? "manager" : `${count} managers`} you chose.`,
  /** A lead no manager receives (none serves the ZIP yet, or none was chosen). */
  leadKept: (reference: string) => `Thank you! Your request ${reference} is saved. No property manager has received it.`,
  // Applications and messages to the site are stored (agent_applications, contact_messages) and
  // nobody is notified: no reply is promised here; the operator's contact page may promise one.
  agentApplication: "Thank you for applying to join our network. Your application is saved on this site.",
  contact: "Thank you for your message. It is saved on this site.",
  contactForAgent: (company: string) => `Thank you! Your message has been sent to ${company}.`,
  /** Over the manager's daily count of messages from the site: kept on the site, not forwarded. */
  contactKeptForAgent: (company: string) =>
    `Thank you! ${company} has received as many messages through this site today as it takes in a day, so yours was not forwarded: it is saved on this site, and you can send it again tomorrow.`,
  /** A sample listing is a fictional company: the message stays on the site, and nobody answers it. */
  contactForSampleAgent: (company: string) => `Thank you! ${company} is a sample listing, so no company received your message: it is saved on this site only.`,
  /**
   * Double opt-in: nothing is sent to the address until its owner confirms. The one answer to every
   * address, subscribed or not (row L9), so it must be true for both.
   */
  subscribed: "Thank you! Unless this address is already subscribed, we emailed it a link: open it to confirm your subscription.",
  alreadySubscribed: "You are already subscribed to our newsletter. Thank you for reading!",
  subscriptionConfirmed: "Your subscription is confirmed. Thank you for reading!",
  withdrawn: "Your request is withdrawn. We told the managers who received it, and erased your name, email, phone number and address.",
  alreadyWithdrawn: "This request was already withdrawn.",
  recipientsChosen: (count: number) => `Thank you! Your request is on its way to the ${count === 1 ? "manager" : `${count} managers`} you chose.`,
} as const;

/** POST /api/revalidate's answers (its callers are the site's operators and servers). */
export const REVALIDATION = {
  tokenRequired: "Revalidation needs the bearer token (API_TOKEN).",
  body: 'Send { "paths": ["/…"] } or { "all": true }.',
  path: "Each path must start with /.",
} as const;

/** Failures of a call as a whole (DESIGN.md section 1, the HTTP contract of POST /api/<call>). */
export const FAILURE = {
  network: "We could not reach the server. Please check your connection and try again; nothing you typed was lost.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  rateLimited: "You have sent too many requests. Please wait a minute and try again.",
  foreignOrigin: "Requests from other websites are not accepted.",
  tokenRequired: "Saving from outside the website needs the bearer token.",
  tooLarge: "The request is too large. Please shorten your message and try again.",
  notJson: "Please send the request as JSON (Content-Type: application/json).",
  invalidJson: "The request body is not valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  onlyPost: "This address only accepts POST requests.",
  unknownCall: (call: string) => `There is no call named "${call.slice(0, 60)}".`,
  upstreamUnreachable: "The service is not reachable right now. Please try again in a moment.",
  upstreamInvalid: "The service answered with data we could not use. Please try again in a moment.",
  invalidRequest: "The request is not valid.",
  /** A path with broken percent-encoding or control characters (the production server's 400 page). */
  malformedAddress: "This address is not well formed. Please check it and try again.",
} as const;

/**
 * A load in the browser that failed (the network, the server): said, with a way to try again,
 * never an endless "Loading...".
 */
export const LOAD_FAILED = {
  retry: "Try again",
  states: "We could not load the full list of states.",
  cities: (state: string) => `We could not load the cities of ${state}.`,
  testimonial: "We could not load this testimonial.",
} as const;

/** A call that repeats or contradicts one already done (409). */
export const CONFLICT = {
  /** Idempotency like Stripe's: the same submission key with another request says nothing of the first. */
  submissionReused: "This form was already used to send a different request. Please press Submit again to send this one as a new request.",
  /** lead/recipients after the request already went to its managers. */
  recipientsAlreadyChosen: (companies: readonly string[]) => `Your request has already been sent to ${listOf(companies)}; it cannot go to other managers.`,
} as const;

/** Lookups that found nothing (404). */
export const NOT_FOUND = {
  page: (pageId: number) => `We could not find page ${pageId}.`,
  testimonial: (id: number) => `We could not find testimonial ${id}.`,
  blog: "We could not find that blog post.",
  stateByKey: (key: string) => `We could not find a state called "${key}".`,
  stateById: (id: number) => `We could not find state ${id}.`,
  city: (key: string, state: string) => `We could not find a city called "${key}" in ${state}.`,
  lawSummary: (state: string) => `We do not have a law summary for ${state} yet.`,
  lawComparison: (topic: string) => `We do not have a 50-state comparison for "${topic.slice(0, 60)}".`,
  manager: "We could not find that property manager.",
  /** A request page's token that matches nothing: the same words whatever the reason. */
  request: "We could not find that request.",
  /** lead/confirm with a token that is no confirmation link (or an expired one). */
  confirmLink: CONFIRM.invalidLink,
  newsletterLink: "This confirmation link is not valid. Please subscribe again to get a new one.",
  zip: (zip: string) => `We could not find ZIP code ${zip}. Please check it and try again.`,
} as const;

/** The empty-result notices of spec section 8, and what the directory says around them. */
export const EMPTY = {
  noRecord: "No Record",
  /** Under "No Record" for a place: what it means in this directory. */
  noRecordMeaning: (place: string) => `No property manager in this directory has an office in ${place} or lists it in their service area.`,
  onboarding: "We are working hard to onboard property managers for this region. Please check back soon.",
  noCities: (state: string) => `No cities available in ${state}`,
  noCategoryManagers: (category: string, city: string) => `No ${category} property managers serve ${city} yet.`,
  nobodyNearby: (city: string, miles: number) => `No property manager has an office within ${miles} miles of ${city} yet.`,
} as const;

/**
 * What the directory's server-rendered lists say around the results. Apart from EMPTY,
 * which the browser's state picker imports: an object's every sentence ships with it.
 */
export const DIRECTORY = {
  /** A filter that leaves nobody: the list without it is one click away. */
  noneForView: "No manager matches these choices.",
  /** The nearest cities that have managers, for a place nobody serves (any state). */
  nearestCities: (place: string) => `The nearest cities with property managers, by distance from ${place}`,
  /** The one call to action of a place nobody serves: a request kept until a manager serves it. */
  leaveRequest: (place: string) => `Leave a request for ${place}`,
  leaveRequestNote: "Nobody receives it yet: we keep it and email you when a manager serves your ZIP code, and you choose who gets it.",
} as const;

/** The one ranking rule of the directory's lists, stated under every list. */
export const RANKING = {
  title: "How we rank",
  city: (city: string) =>
    `Offices in ${city} come first, then the others by distance from ${city}; at the same distance, the longest in business first.`,
  zip: (zip: string) => `The nearest office to ZIP ${zip} comes first, then the others by distance.`,
  featured: "Featured marks a listing its manager pays to highlight: it is marked, never moved up.",
  views: "Sorting and filters are yours to choose; they change only the list you are looking at.",
} as const;

/**
 * Opens each note that SEED_DEMO=0 seeds in place of a sample-site sentence (operator-copy.json):
 * the operator replaces the bracketed note with the site's own words.
 */
export const OPERATOR_TO_WRITE = "For the site's operator to write:";

/** What the pages after a request say about a sample listing (a company that does not exist). */
export const SAMPLE = {
  /** Above a sample listing's Get In Touch form. */
  profileContact: (company: string) => `${company} is a sample listing: your message is saved on this site and reaches no company.`,
  recipient: "Sample listing: this company does not exist, so nobody will contact you from it.",
  testimonial: "Sample testimonial",
  testimonialNote: "Sample testimonial: written for this demonstration site; the person quoted does not exist.",
} as const;

/** The questions that head the quote steps (spec section 1: steps 1, 2 and 4 word for word). */
export const QUOTE_STEP_TITLES = {
  propertyType: "What type of property do you own?",
  address: "What's the property address?",
  details: "What should managers know about your property?",
  contact: "What's your contact information?",
  /** The thank-you page's heading, after a request is submitted. */
  thankYou: "Thank you!",
  /** The review step's list when the owner answered none of the optional questions. */
  noDetails: "No details given. Managers will ask about anything they need.",
} as const;

/** The four steps of the home page's "How it works" (spec section 1's titles; the site has no chat). */
export const HOW_IT_WORKS = [
  { title: "Pick your property type and ZIP code", text: "Tell us what you own and where it is. It takes about two minutes." },
  { title: "Review top local property managers", text: "See up to five managers who serve your ZIP code, nearest first, with their fees and license details." },
  { title: "Select and compare quotes", text: "Choose up to three to receive your request; only they get your details. Compare the quotes they send." },
  {
    title: "Select a manager and talk it through",
    text: "The managers you chose contact you by phone or email: ask your questions and hire the one you like best. You can withdraw your request at any time.",
  },
] as const;

/** The meta descriptions of pages that have no search-appearance record of their own. */
export const PAGE_DESCRIPTIONS = {
  compare: "Property managers side by side: fees, services, licenses, service areas, and the first-year cost for your rent.",
  managers: "The property managers whose service area includes a ZIP code, nearest office first, with their fees, services and licenses.",
  notFound: "We could not find that page. Find property managers by state and city, read landlord-tenant laws, or get free quotes.",
} as const;

/**
 * What /compare and the fee sort say about cost: the rent the figures assume, stated
 * wherever a first-year figure or the fee order is shown, and the marks of /compare's cards.
 * The computation is lib/contract/first-year-cost.ts.
 */
export const FIRST_YEAR = {
  /** The assumption, in full: what the figures add up and at which rent. */
  assumption: (rent: string) =>
    `First-year cost at ${rent} a month: management for 12 months, leasing once and the setup fee. The lease renewal fee is not in it: it is due when a lease renews.`,
  rentLabel: "Your monthly rent ($)",
  /** A rent in the address that is not one: the figures keep the default. */
  rentInvalid: (typed: string, max: string, shown: string) => `“${typed}” is not a monthly rent between $1 and ${max}: the figures show ${shown} a month.`,
  totalLabel: (rent: string) => `First year at ${rent} a month`,
  parts: (management: string, leasing: string, setup: string) => `Management ${management} + leasing ${leasing} + setup ${setup}`,
  /** A total the manager's listing cannot give: one of its parts is not listed. */
  unknownTotal: "Not known: a fee it adds up is not listed",
  cheapest: "Cheapest first year",
  /** The mark when another compared manager does not list every fee. */
  cheapestOfListed: "Cheapest first year of those listing every fee",
  mostServices: "Most services",
  /** The fee sort of a list: what "lowest" means, with the rent the owner can change. */
  sortAssumption: (rent: string) => `Sorted by first-year cost at ${rent} a month (management for 12 months, leasing once, setup); managers that do not list every fee come last.`,
} as const;

/** The compare tray of a list and a profile's "Add to compare": at most `max` at once. */
export const COMPARE_TRAY = {
  intro: (max: number) => `Tick up to ${max} managers, then compare their fees, services and licenses side by side.`,
  empty: (max: number) => `Tick up to ${max} managers to compare them side by side.`,
  count: (selected: number, max: number) => `${selected} of ${max} selected.`,
  full: (max: number) => `${max} of ${max} selected: the most you can compare at once. Untick one, or Clear, to choose another.`,
  add: "Add to compare",
  remove: "Remove from compare",
  added: (selected: number, max: number) => `In your compare list (${selected} of ${max}).`,
  /** A profile whose manager cannot be added: the tray holds the most already. */
  profileFull: (max: number) => `Your compare list holds ${max} managers, the most at once: compare them, or remove one from a list's compare tray.`,
  compareNow: "Compare now",
} as const;

/**
 * What the client parts of every content page say: the newsletter box's heading and the error
 * boundary's sentence. Here rather than in page-messages.ts because every page's browser bundle
 * already loads this module (a module of its own would add to each page's first load).
 */
export const SITE_CHROME = {
  newsletterHeading: "Get Exclusive Insights Directly to Your Inbox!",
  loadFailed: "We could not load this page just now. Please try again in a moment.",
} as const;
