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

/**
 * Who receives an owner's request: the choice on /preview and in the quote-guarantee
 * modal, the one consent sentence shown next to Submit (stored with each recipient, with its
 * version), and what the owner is told when nobody serves the ZIP yet.
 */
export const RECIPIENTS = {
  /** The most managers one request goes to. */
  max: 3,
  /** How many matches the owner sees. */
  shown: 5,
  heading: "Who should receive your request?",
  /** The ranking rule of agents/match, in one sentence (README: "Matching"). */
  rule: (category: string, zip: string) =>
    `The closest managers who serve ${category} properties at ZIP ${zip}, nearest office first; featured managers are marked, not moved up.`,
  limit: "You can choose up to 3. Untick one to choose another.",
  chooseOne: "Please choose at least one manager to receive your request.",
  tooMany: "Please choose at most 3 managers.",
  notServing: (company: string, zip: string, category: string) =>
    `${company} does not serve ZIP ${zip} for ${category} properties. Please choose another manager.`,
  unknownManager: (id: number) => `We could not find property manager ${id}. Please choose another manager.`,
  /** Nobody serves the ZIP for the category (yet). */
  noMatch: (zip: string, category: string) => `No property manager serves ZIP ${zip} for ${category} properties yet.`,
  noMatchPromise: (email: string) =>
    email
      ? `You can still send your request: we will keep it and email you at ${email} when a manager serves your ZIP, so you can choose who receives it.`
      : "You can still send your request and we will keep it, but without an email address we cannot tell you when a manager serves your ZIP.",
  /** Managers the owner compared (and so chose) that do not serve the ZIP for the type. */
  chosenNotServing: (companies: readonly string[], zip: string, category: string) =>
    `You chose ${listOf(companies)} on the compare page, but ${companies.length === 1 ? "it does" : "they do"} not serve ZIP ${zip} for ${category} properties, so ${companies.length === 1 ? "it is" : "they are"} not offered here.`,
  loading: "Finding the managers who serve your ZIP...",
  unavailable: "We could not load the managers who serve your ZIP. Please try again in a moment.",
  sample: "Sample listing",
  /** Each manager's office, measured from the owner's ZIP code's point (not from the city's). */
  distance: (miles: number, zip: string) => (miles < 0.5 ? `Office less than half a mile from ZIP ${zip}` : `Office ${miles} miles from ZIP ${zip}`),
  sampleNote: "Sample listings are fictional companies that show how the site works: a request sent to one reaches no real manager.",
} as const;


/** Nobody serves the ZIP yet: the sentence next to Submit instead of the consent sentence. */
export const NOBODY_RECEIVES_YET = "Nobody will receive your details until a manager serves your ZIP and you choose one; we never sell them.";

/**
 * The version of the consent sentence below; stored with each recipient beside its text. A new
 * date whenever the sentence's wording changes (2026-11-27: it follows the preferred contact
 * method and says that a sample listing contacts nobody; 2026-11-25: "by phone or email").
 */
export const CONSENT_VERSION = "2026-11-27";

/**
 * How the recipients may reach the owner: the contact details the owner gave, and the contact
 * method the owner chose on step 4 ("Email" or "Phone"; none from the quote-guarantee modal).
 */
export type ContactWays = { email: boolean; phone: boolean; preferred?: string };

/** A manager chosen to receive a request; `demo` 1 for a sample listing (a company that does not exist). */
export type ConsentRecipient = { company_name: string; demo?: number };

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "by email": the contact method the owner chose when it was given, else every way the owner gave. */
export function contactHow(ways: ContactWays): string {
  if (ways.preferred === "Email" && ways.email) return "by email";
  if (ways.preferred === "Phone" && ways.phone) return "by phone";
  return ways.email && ways.phone ? "by phone or email" : ways.email ? "by email" : "by phone";
}

/**
 * The one sentence next to Submit: who receives the details, how they may contact the owner (the
 * method the owner chose), that a sample listing contacts nobody, and that nobody else receives
 * them. The service builds the same sentence from the same names to store it with each recipient,
 * and the managers who receive the request read it.
 */
export function consentSentence(recipients: readonly ConsentRecipient[], ways: ContactWays): string {
  if (recipients.length === 0) return "Nobody will receive your details until you choose a manager; we never sell them.";
  const real = recipients.filter((recipient) => recipient.demo !== 1).map((recipient) => recipient.company_name);
  const samples = recipients.filter((recipient) => recipient.demo === 1).map((recipient) => recipient.company_name);
  const sampleClause =
    samples.length === 1
      ? `${samples[0]} is a sample listing, a company that does not exist, so nobody will contact you from it`
      : `${listOf(samples)} are sample listings, companies that do not exist, so nobody will contact you from them`;
  if (real.length === 0) return `${sampleClause}. Nobody else will receive your details, and we never sell them.`;
  const realClause = `Only ${listOf(real)} will receive your request and contact details, and ${real.length === 1 ? "it" : "they"} may contact you ${contactHow(ways)}`;
  if (samples.length === 0) return `${realClause}; nobody else will, and we never sell them.`;
  return `${realClause}; ${sampleClause}. Nobody else will receive your details, and we never sell them.`;
}

/** The private request page (/requests/{token}) and the newsletter's confirmation page. */
export const REQUEST_PAGE = {
  withdrawConfirm: "Withdraw this request? The managers who received it are told, and your name, email, phone number and address are erased. This cannot be undone.",
  /** Under every link to the page: on /thank-you and in the owner's confirmation email. */
  keepLinkPrivate: "Keep this link to yourself: anyone who has it can see your request and withdraw it.",
  /** Above the contact details while they are kept, partly masked. */
  partlyHidden: "Partly hidden, so this page does not show them in full to anyone who sees it.",
  /** Above them once the request is withdrawn: nothing is left to hide. */
  erased: "This request was withdrawn and its details erased.",
  /** A withdrawn request's recipient that was a sample listing. */
  withdrawnSample: "Withdrawn. A sample listing: this company does not exist.",
  /** After "You withdrew this request on …": what became of it. */
  erasedAndTold: "The managers who received it were told, and your name, email, phone number and address were erased.",
  erasedOnly: "Your name, email, phone number and address were erased.",
  /** A phone-only request's recipient over a daily cap (of the number, or of the manager): kept unsent. */
  held: "Not sent: requests with a phone number only reach each manager, and go out for each number, a few times a day, and that many were sent today. Send it again with an email address: a request you confirm by email is not limited this way.",
} as const;

/**
 * Double opt-in of a lead: a request with an email address reaches its managers only
 * once the owner opens the link mailed to that address and presses the button. Shown on
 * /thank-you, the private request page, the confirmation page (/requests/confirm/{token}) and in
 * lead/save's and lead/confirm's answers.
 */
export const CONFIRM = {
  /** How long a confirmation link works; unconfirmed requests are erased after as long. */
  linkDays: 7,
  /** Until the owner confirms: who the request goes to then (sample listings named as what they are). */
  checkEmail: (companies: readonly string[]) =>
    companies.length ? `Check your email to send your request to ${listOf(companies)}.` : "Check your email to confirm your address.",
  checkEmailNote: (days: number) =>
    `Nobody receives your request until you open the link we emailed you and press its button. The link works for ${days} days; after that, an unconfirmed request is erased.`,
  /** lead/save's answer for a lead waiting for the owner's confirmation: the same whether or not the address had a request waiting. */
  leadAwaiting: (reference: string, companies: readonly string[]) =>
    `Thank you! Your request ${reference} is saved.${companies.length ? "" : " No property manager has received it."} ${CONFIRM.checkEmail(companies)} If you sent another request today, the same email lists both.`,
  /** The confirmation page. */
  title: "Send your request",
  intro:
    "These requests were saved with your email address. Anyone can type an address, so nothing is ticked: tick only the requests you made yourself, then press the button. Nothing is sent until you do; a request nobody ticks is erased after 7 days.",
  /** When and from where each waiting request was saved (a city as our server was told it, never an address). */
  savedAt: (when: string, place: string) => `Saved ${when} from ${place || "a place our server was not told"}.`,
  /** Each waiting request is shown as its managers would receive it. */
  detailsIntro: "What the managers will receive:",
  detailLabels: { name: "Name", email: "Email", phone: "Phone", contact: "Preferred contact method", property: "Property" },
  notGiven: "not given",
  tick: (reference: string) => `This is my request: send ${reference}`,
  noneTicked: "Tick at least one request to send it.",
  /** A request the owner did not make: erased at once, and nobody is told (nobody received it). */
  erase: (reference: string) => `Not mine: erase ${reference}`,
  erased: (reference: string) => `Request ${reference} is erased. Nobody received it, and nobody is told.`,
  nothingErased: "Nothing was erased: that request was already sent or erased.",
  nobodyChosen: "Nobody chosen yet: you can choose on the request's private page.",
  button: (companies: readonly string[]) => (companies.length ? `Send my request to ${listOf(companies)}` : "Confirm my email address"),
  buttonTicked: (count: number, companies: readonly string[]) =>
    count === 0 ? "Send the ticked requests" : companies.length ? `Send ${count === 1 ? "my request" : `my ${count} requests`} to ${listOf(companies)}` : "Confirm my email address",
  /** lead/withdraw and request/decide with the private page of a request not confirmed yet: nobody received it. */
  unconfirmedNotWithdrawn:
    "Nobody has received this request: it waits for a confirmation from the link we emailed to its address. That email's page can send it or erase it; otherwise it is erased after 7 days.",
  pending: "Sending...",
  sent: (count: number) =>
    count === 1 ? "Thank you! Your email address is confirmed and your request is sent." : `Thank you! Your email address is confirmed and your ${count} requests are sent.`,
  alreadySent: "Already sent: this link was used before, so nothing was sent again. The private page's link is in the email we sent you.",
  pageLink: (reference: string) => `See request ${reference}, follow its delivery or withdraw it`,
  /**
   * A link that is unknown, expired (after linkDays) or whose requests were withdrawn or erased: the
   * same words whatever the reason (nothing keyed by the address is kept to tell them apart), so
   * each must be true for all of them: a withdrawn request is not to be sent again.
   */
  invalidLink:
    "This confirmation link no longer works: its request was withdrawn and its details erased, or the link expired (unconfirmed requests are erased after 7 days). To ask for quotes again, send a new request.",
  /** On the private page's recipients until the owner confirms. */
  waiting: "Waiting for you to confirm your email address",
} as const;

/** What managers are told about the owner's contact details (the lead.new message). */
export const VERIFICATION = {
  emailConfirmed: "Email confirmed",
  phoneNotVerified: "Phone not verified",
  /** A lead queued before confirmation existed. */
  emailNotConfirmed: "Email not confirmed",
} as const;

/** What /thank-you says about the request just sent (components/quote/LeadReceipt.tsx). */
export const RECEIPT = {
  wentTo: (count: number) => `It went to ${count === 1 ? "the manager" : `the ${count} managers`} you chose:`,
  /** Before the owner confirms the email address. */
  goesTo: (count: number) => `Once you confirm, it goes to ${count === 1 ? "the manager" : `the ${count} managers`} you chose:`,
  /** Who will be in touch and how: only the companies that exist (a sample listing never calls). */
  howTheyContact: (ways: ContactWays, preferred: string, { real, samples }: { real: number; samples: number }) => {
    if (real === 0) return "Nobody will contact you about this request: every company you chose is a sample listing. Nobody else received your details, and we never sell them.";
    const who = samples > 0 ? (real === 1 ? "The one that exists" : "The ones that exist") : real === 1 ? "It" : "They";
    // The method the owner chose, as the consent sentence said it.
    return `${who} may contact you ${contactHow({ ...ways, preferred })}; nobody else received your details, and we never sell them.`;
  },
  noneChosen: "Nobody has received your request: you did not choose a manager. You can choose on its private page.",
  pageLink: "See your request, follow its delivery or withdraw it",
  /** The link to the law page of the property's state (lib/contract/routes.ts lawPath). */
  lawSummary: (state: string) => `Landlord-tenant law summary for ${state}`,
  emailing: "We are emailing it to you with your reference.",
  bookmark: "Bookmark it: without an email address we cannot send it to you.",
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
