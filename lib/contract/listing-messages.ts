/**
 * The words of a manager's own listing (docs/self-service.md): the profile's link, the sign-in
 * page, the manager's page, its email, and the workspace's list of changes. One home: pages,
 * services, emails and tests import these.
 */
import { LISTING_LINK_MINUTES, LISTING_LINKS_PER_HOUR, LISTING_SESSION_HOURS } from "./listing-limits";

export const LISTING_SELF = {
  profileLink: "Is this your company? Update this listing",
  askTitle: (company: string) => `Update ${company}`,
  askIntro: (masked: string) =>
    `We email a one-time sign-in link to the address on this listing (${masked}), never to an address typed here. Whoever reads that mailbox can change the listing's fees, services, description and service area.`,
  askButton: "Email me a sign-in link",
  /** The same answer whether or not a link was just sent (a listing gets a few an hour). */
  linkSent: (masked: string) =>
    `A sign-in link is on its way to ${masked}, unless ${LISTING_LINKS_PER_HOUR} were already sent there in the last hour: then use one of those. A link works once, within ${LISTING_LINK_MINUTES} minutes.`,
  sampleTitle: "This is a sample listing",
  sample: "This is a sample listing made up for the demonstration: no company stands behind it, so nobody can sign in to it or change it.",
  unknownListing: "There is no listing with that number.",
  notFromTheSite: "This form must be sent from the site's own page. Nothing was sent.",

  signInTitle: "Sign in to your listing",
  signInIntro: (company: string) => `Press the button to sign in and update ${company}.`,
  signInButton: "Sign in",
  linkInvalid: "This sign-in link has expired or was already used. Ask for a new one from the listing's page.",
  askAgain: "Ask for a new link",

  editTitle: (company: string) => `Your listing: ${company}`,
  signedInAs: (masked: string, hours: number = LISTING_SESSION_HOURS) => `Signed in with the link sent to ${masked}. You stay signed in for up to ${hours} hours.`,
  signOut: "Sign out",
  signedOut: "You are signed out.",
  signInNeeded: "Sign in to update a listing: open the link we emailed to the listing's address, or ask for a new one from its page.",
  otherListing: "You are signed in to another listing: this one is not yours to change. Sign out, then ask for a link from this listing's page.",
  viewProfile: "View your profile",
  backToProfile: (company: string) => `Back to the profile of ${company}`,
  formHeading: "Fees, services and service area",
  saveButton: "Save changes",
  saved: "Saved. Your profile shows the change now.",
  nothingChanged: "Nothing changed: the listing already says this.",
  fixFields: "Nothing was saved: correct the fields marked in red.",
  services: "Services",
  categories: "Property categories",
  about: "About your company",
  serviceZipsHint: "Separated by semicolons, commas or spaces. Your listing serves a circle around your office that reaches the farthest of them.",
  serviceZipsNone: "Your listing has no service ZIP codes yet: list those you serve.",

  requestsHeading: "Requests sent to you",
  requestsNone: "No owner has sent you a request through the site yet.",
  openProposal: "Open its proposal page",
  proposalSent: (revision: number) => `Proposal sent (version ${revision})`,
  noProposal: "No proposal yet",
  decided: { accepted: "The owner accepted your proposal", declined: "The owner chose another manager", null: "" } as Record<string, string>,
  withdrawn: "Withdrawn by the owner",
  notYourRequest: "That request was not sent to your listing.",
} as const;

/** The labels of a listing's fields (lib/contract/listing-self-service.ts ListingFields). */
export const LISTING_FIELD_LABELS = {
  management_fee_percent: "Management fee (percent)",
  management_fee_flat: "Management fee (a month)",
  leasing_fee_percent: "Leasing fee",
  setup_fee: "Setup fee",
  renewal_fee: "Renewal fee",
  categories: "Property categories",
  services: "Services",
  about: "About",
  service_zips: "Service ZIP codes",
  service_radius_miles: "Service radius",
} as const;

/** The email with the link. */
export const LISTING_MAIL = {
  subject: (company: string, site: string) => `Sign in to update ${company} on ${site}`,
  text: (company: string, site: string, url: string) =>
    [
      "Hello,",
      "",
      `Someone asked to update the listing of ${company} on ${site}, and this is the address on it. Open this link, then press "Sign in" on the page it opens:`,
      url,
      "",
      `The link works once, within ${LISTING_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: nobody can change the listing without opening it.`,
    ].join("\n"),
} as const;

/** The workspace's list of changes. */
export const LISTING_CHANGES = {
  title: "Listing changes",
  intro: "Every change managers made to their own listing, and every revert, newest first. A revert is a change too: it puts back the fields as they were before the change it undoes.",
  none: "No listing has been changed by its manager yet.",
  byManager: (email: string) => `its manager (${email})`,
  byStaff: (email: string) => `${email} (staff)`,
  reverts: (id: number) => `Reverts change #${id}`,
  revert: "Revert",
  reverted: (company: string) => `Reverted: ${company} shows its fields as they were before that change.`,
  readOnly: (role: string) => `Your role (${role}) reads these; admins and operators revert them.`,
  forbidden: (role: string) => `Your role (${role}) cannot revert a listing's change, so nothing was changed: ask an admin or an operator.`,
  unknownRevision: "That change does not exist.",
  gone: "That listing no longer exists, so there is nothing to revert.",
  none_value: "None",
  miles: (miles: number) => `${miles} miles`,
} as const;
