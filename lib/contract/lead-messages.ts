/**
 * What an owner is told about their request: who receives it, the consent sentence, the private
 * request page, the email confirmation and its receipt. Part of the visitor messages
 * (lib/contract/messages.ts re-exports it); plain strings and small functions only.
 */

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

export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "by email": the contact method the owner chose when it was given, else every way the owner gave. */
function contactHow(ways: ContactWays): string {
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
