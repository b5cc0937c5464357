/**
 * What the delivery's own emails say (lib/service/delivery/render.ts writes them: their lines,
 * their order, their links and buttons): greetings, subjects, sentences and buttons' words. The
 * proposals' emails, the operator's and the listing's have theirs in proposal-messages.ts,
 * operator-messages.ts and listing-messages.ts. One home: render.ts and its tests import these.
 */
import { SITE_NAME } from "./site";
import { CONFIRM, VERIFICATION } from "./messages";
import { SIGN_IN_LINK_MINUTES } from "./staff";

export const GREETING = {
  anyone: "Hello,",
  named: (name: string) => `Hello ${name},`,
} as const;

/** A new request, to one manager the owner chose. */
export const NEW_LEAD_MAIL = {
  subject: (reference: string, category: string, city: string, zip: string) => `New request ${reference}: ${category} in ${city} ${zip}`,
  chosen: (company: string, others: number) =>
    `An owner chose ${company} to receive their request for property management on ${SITE_NAME}. ${
      others <= 0 ? "Nobody else received it." : `${others === 1 ? "One other manager" : `${others} other managers`} received it too, as the owner was told.`
    }`,
  emailConfirmed: (when: string) => `${VERIFICATION.emailConfirmed} (the owner opened the link we emailed them, ${when})`,
  phoneNotVerified: `${VERIFICATION.phoneNotVerified} (no email address was given; nobody confirmed these details)`,
  notGiven: "not given",
  namedPrice: (price: string) => `Named price (quote guarantee): $${price} a month`,
  aboutProperty: "About the property:",
  consent: (when: string, version: string | number) => `The owner agreed to this when sending the request (${when}, consent version ${version}):`,
  duty: "Please contact the owner only about this request and pass their details to nobody. If the owner withdraws the request, we will tell you, and you must then delete their details.",
} as const;

/** To an address that has not confirmed its request. */
export const CONFIRM_MAIL = {
  subject: (reference: string) => `Confirm your request ${reference} on ${SITE_NAME}`,
  intro: (reference: string, site: string) =>
    `Please confirm your request ${reference} for property management quotes. It was entered in the quote form on ${site} with this email address as the property owner's contact.`,
  who: (chosen: boolean) => (chosen ? "It is to go to:" : "Nobody has been chosen to receive it yet."),
  allSamples: "Every company chosen is a sample listing: nobody will contact you about this request.",
  until: (chosen: boolean) => `Nobody receives it until you confirm. ${chosen ? "To send it" : "To confirm your address"}, open the page below and press its button.`,
  confirmLabel: (chosen: boolean) => (chosen ? "Review and send my request" : "Confirm my email address"),
  pageLabel: "See or withdraw my request",
  onPrivatePage: (label: string) => `${label} on its private page:`,
  notYou: `The link works for ${CONFIRM.linkDays} days and sends every request waiting for this address. If you did not ask for this, ignore this email: nothing is sent, we email this address at most once a day, and the request is erased after ${CONFIRM.linkDays} days.`,
} as const;

/** To each manager who received a request the owner then withdrew. */
export const WITHDRAWN_MAIL = {
  subject: (reference: string) => `Request ${reference} withdrawn`,
  withdrew: (reference: string, property: string, sentOn: string | null) => `The owner withdrew request ${reference} (${property})${sentOn ? ` sent to you on ${sentOn}` : ""}.`,
  erase: "Please delete the owner's name, email, phone number and address, and do not contact them about this request. We have erased them on our side.",
} as const;

/** To an owner whose ZIP nobody served: somebody does now. */
export const MATCH_MAIL = {
  subject: (zip: string) => `A property manager now serves ZIP ${zip}`,
  servedNow: (reference: string, zip: string, category: string, managers: number) =>
    `When you sent request ${reference}, no property manager served ZIP ${zip} for ${category} properties. ${managers === 1 ? "One does" : `${managers} do`} now.`,
  choose: "Choose who receives your request on its private page (nobody receives it until you choose):",
} as const;

/** A profile's "Get In Touch" message, to that manager. */
export const CONTACT_MAIL = {
  subject: (name: string) => `Message from ${name} through ${SITE_NAME}`,
  intro: (name: string) => `${name} sent you a message through your profile on ${SITE_NAME}:`,
  reply: "Reply to this email to answer them. Please use their details only to answer this message.",
} as const;

/** The newsletter's double opt-in. */
export const NEWSLETTER_MAIL = {
  subject: `Confirm your ${SITE_NAME} newsletter subscription`,
  confirm: `Please confirm that you want the ${SITE_NAME} newsletter at this address by opening this link:`,
  ignore: "If you did not ask for it, ignore this email: without your confirmation nothing more is sent.",
} as const;

/** A staff member's sign-in link to the workspace. */
export const STAFF_SIGN_IN_MAIL = {
  subject: `Sign in to the ${SITE_NAME} workspace`,
  open: `Open this link to sign in to the ${SITE_NAME} workspace, then press "Sign in" on the page it opens:`,
  once: `The link works once, within ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: nobody can sign in without opening it.`,
} as const;
