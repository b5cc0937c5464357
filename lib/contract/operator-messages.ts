/**
 * The words of the operator's tasks (lib/contract/operator.ts): the workspace's Applications,
 * Messages and Subscribers pages, the emails the applicant and the writer of a message receive,
 * and the unsubscribe page and link. One home: pages, services, emails and tests import these.
 */
import { MANAGER_SERVICES, PROPERTY_CATEGORIES } from "./site";

const count = (value: number, one: string, many: string) => `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

/** The listing form's and the decisions' refusals: each names its field. */
export const LISTING_FORM = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
  oneLine: (label: string) => `${label} must not contain control characters.`,
  email: "Email must be one plain address, like name@example.com.",
  phone: "Phone must be a 10-digit US phone number.",
  state: "Office state must be a two-letter state abbreviation, like TX.",
  zip: (label: string) => `${label} must be a 5-digit ZIP code.`,
  unknownState: (state: string) => `Office state ${state} is not a state of the directory.`,
  unknownCity: (city: string, state: string) => `${city} is not a city the directory lists in ${state}: choose the nearest listed city.`,
  unknownZip: (zip: string) => `ZIP code ${zip} is not in the site's ZIP data.`,
  zipTooFar: (miles: number) => `A service ZIP code lies more than ${miles} miles from the office: the directory serves a circle of at most ${miles} miles around it.`,
  serviceZipsRequired: "List at least one service ZIP code (the office's own, if it serves only there).",
  serviceZipsInvalid: (parts: string[]) => `Service ZIP codes must be 5-digit ZIP codes: ${parts.map((part) => `"${part}"`).join(", ")} ${parts.length === 1 ? "is" : "are"} not.`,
  serviceZipsTooMany: (max: number) => `List at most ${max} service ZIP codes.`,
  categories: "Choose at least one property category.",
  fee: (label: string, allowed: "percent" | "flat" | "either") =>
    `${label} must be ${allowed === "percent" ? "a percent, like 50%" : allowed === "flat" ? "a dollar amount, like $99" : "a percent (8%) or a dollar amount ($99)"}, or empty.`,
  reasonRequired: "Write the reason for declining: the applicant receives it.",
  replyRequired: "Write a reply before sending it.",
  duplicates: (listings: number) =>
    `${count(listings, "listing already matches", "listings already match")} this company's email, phone or name: link the application to it, or tick "Create a new listing anyway".`,
  unknownListing: "That listing does not exist.",
} as const;

/** The hints under the approval form's fields. */
export const LISTING_HINTS = {
  contact_name: "Greets the applicant in our emails; not shown on the listing.",
  office_city: "A city the directory lists in that state.",
  office_state: "Two letters, like TX.",
  service_zips: "Separated by semicolons, commas or spaces. The listing serves a circle around the office that reaches the farthest of them.",
  management_fee: "8% of collected rent, or $99 a month; empty when not given.",
  leasing_fee: "A percent of one month's rent, like 50%.",
  setup_fee: "A dollar amount, like $99.",
  renewal_fee: "A dollar amount, like $150.",
} as const;

/** Each status's and kind's label (their keys are operator.ts's statuses: indexing by a status without one fails to compile). */
export const APPLICATION_STATUS_LABELS = { new: "New", approved: "Approved", declined: "Declined" } as const;
export const MESSAGE_STATUS_LABELS = { new: "New", answered: "Answered", closed: "Closed" } as const;
export const MESSAGE_KIND_LABELS = { site: "Contact Us", manager: "To a manager" } as const;

/** What the workspace's network pages tell staff. */
export const NETWORK = {
  /** A refusal by role: one sentence, who can do it instead. */
  forbidden: (role: string, what: string) => `Your role (${role}) cannot ${what}, so nothing was changed: ask an admin or an operator.`,
  readOnly: (role: string) => `Your role (${role}) reads these; admins and operators decide them.`,
  homeTasks: "The network's tasks",
  homeApplications: (value: number) => count(value, "new application", "new applications"),
  homeMessages: (value: number) => count(value, "new message", "new messages"),

  applicationsTitle: "Applications",
  applicationsLead: "The “Join Our Network” applications, newest first. Approve one into a listing (edited before it goes live) or link it to an existing listing; decline it with a reason. The applicant is emailed at each decision.",
  noApplications: "No application matches these filters.",
  applicationCount: (value: number) => count(value, "application", "applications"),
  applicationTitle: (company: string) => `Application from ${company}`,
  decidedBy: (status: string, by: string, when: string) => `${status} by ${by}, ${when}.`,
  declinedBecause: (reason: string) => `Reason given to the applicant: ${reason}`,
  listingOf: "Its listing:",
  alreadyDecided: "This application was already decided: nothing was changed.",
  unknownApplication: "That application does not exist.",
  unknownMessage: "That message does not exist.",
  approveHeading: "Approve: create its listing",
  approveLead: "Edit the listing before it goes live. It is a real listing (not a sample): it appears on its profile, on the pages of the cities it serves and in the sitemap.",
  duplicatesHeading: "Listings that may be this company",
  duplicatesLead: "Matched by email, phone or company name. Link the application to one instead of creating another.",
  noDuplicates: "No listing has this company's email, phone or name.",
  matchedBy: (fields: string[]) => `Same ${fields.join(", ")}`,
  createAnyway: "Create a new listing anyway, although a listing matches its email, phone or name",
  declineHeading: "Decline",
  declineLead: "The applicant receives this reason by email.",
  approved: (company: string, path: string) => `${company} is listed: ${path}. The applicant was emailed.`,
  linked: (company: string, path: string) => `The application is linked to ${company}: ${path}. The applicant was emailed.`,
  declined: "The application is declined. The applicant was emailed the reason.",
  /** After a listing went live: what is true of its pages on this deployment (lib/service/workspace/deployment.ts). */
  liveEverywhere: "Every instance sharing this site's Redis (REDIS_URL) shows the listing on its pages from their next request.",
  liveHereOnly: (otherInstances: string) =>
    `This instance shows the listing on its pages from their next request. REDIS_URL is not set, so another instance may show its city pages without it for up to ${otherInstances}.`,
  cdnPurged: (cdn: string, seconds: number) => `The changed addresses are sent to PURGE_URL for the CDN to drop; until it does, a CDN may show them without the listing for up to ${cdn} (s-maxage=${seconds}).`,
  cdnNotPurged: (cdn: string, seconds: number) => `A CDN in front of the site may show the city pages without the listing for up to ${cdn} (s-maxage=${seconds}): no PURGE_URL is set to tell it.`,

  messagesTitle: "Messages",
  messagesLead: "“Contact Us” messages and the messages sent to a manager from a profile, newest first. A reply is sent by email through the outbox, with the operator's address to reply to, and kept with the message.",
  noMessages: "No message matches these filters.",
  messageCount: (value: number) => count(value, "message", "messages"),
  messageTitle: (name: string) => `Message from ${name}`,
  toManager: (company: string) => `Sent to ${company} from its profile.`,
  toSite: "Sent to the site through “Contact Us”.",
  managerSample: "The listing is a sample: no company received this message.",
  managerNotQueued: "The site did not send this message to the manager.",
  managerQueued: (delivery: string) => `The site queued it for the manager when it was written: ${delivery}.`,
  /** What the outbox did with a message on one channel. */
  delivery: (status: string, channel: string) =>
    `${{ pending: "waiting to be sent", sending: "being sent", sent: "sent", failed: "failed", cancelled: "cancelled" }[status] ?? status} (${
      { email: "by email", webhook: "to the agent panel's webhook", file: "as a file under OUTBOX_DIR: no SMTP_URL is set", purge: "to the CDN" }[channel] ?? channel
    })`,
  replyHeading: "Reply by email",
  replyLead: (to: string, replyTo: string) => `Sent to ${to}. Their answer goes to ${replyTo}.`,
  replySent: (to: string) => `Your reply to ${to} is in the outbox. The message is marked answered.`,
  statusChanged: (status: string) => `The message is marked ${status.toLowerCase()}.`,
  threadHeading: "Replies",
  noReplies: "No reply yet.",
  repliedBy: (by: string, when: string) => `${by}, ${when}`,

  subscribersTitle: "Subscribers",
  subscribersLead: "The newsletter's confirmed subscribers. Removing one erases the address, as the unsubscribe link in every email does.",
  subscribersOnlyManagers: (role: string) => `Your role (${role}) cannot see subscribers' addresses: admins and operators manage them.`,
  noSubscribers: "No confirmed subscriber matches.",
  subscriberCount: (value: number) => count(value, "confirmed subscriber", "confirmed subscribers"),
  subscriberRemoved: "The subscriber is unsubscribed and their address erased.",
  unknownSubscriber: "That subscriber was already removed.",
  exportSignIn: "Sign in to the workspace as an admin or an operator to export the subscribers.",
  exportForbidden: (role: string) => `Your role (${role}) cannot export the subscribers: admins and operators manage them.`,
  removeConfirm: (email: string) => `Remove ${email}`,
} as const;

/** What each network permission lets a staff member do, for a refusal's sentence. */
export const NETWORK_WHAT = {
  "application:decide": "decide applications",
  "message:reply": "answer or close messages",
  "subscriber:manage": "manage subscribers",
} as const;

/** The emails to an applicant at each decision (kinds application.approved and application.declined). */
export const APPLICANT_MAIL = {
  greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
  approvedSubject: (site: string) => `Your listing on ${site} is live`,
  approved: (company: string, site: string) => `Thank you for applying to join ${site}. ${company} is now listed:`,
  linked: (company: string, site: string) => `Thank you for applying to join ${site}. Your application is joined to the listing ${company} already had:`,
  approvedChanges: "To change anything on the listing, reply to this email.",
  declinedSubject: (site: string) => `Your application to ${site}`,
  declined: (company: string, site: string) => `Thank you for applying to join ${site}. We decided not to list ${company}, for this reason:`,
  declinedAgain: "If something changes, you are welcome to apply again, or reply to this email.",
} as const;

/** A reply to a message, written in the workspace (kind contact.reply). */
export const REPLY_MAIL = {
  subject: (site: string) => `Re: your message to ${site}`,
  greeting: (name: string) => `Hello ${name},`,
  quoted: (when: string) => `You wrote on ${when}:`,
} as const;

/** The one-click unsubscribe (RFC 8058): the link in every newsletter and owner email, and its page. */
export const UNSUBSCRIBE = {
  /** The line above the link, at the end of an email. */
  mailLine: (site: string) => `To stop every email from ${site} to this address (newsletter and notices), unsubscribe in one click:`,
  pageTitle: "Unsubscribe",
  pageLead: "Press the button to stop every email we send to the address that received this link that it did not just ask for: the newsletter, and notices about requests (new proposals, a manager who now serves your ZIP code).",
  pageErase: "Its newsletter subscription is erased. Your requests' private pages keep working through the links you have.",
  pageTransactional: "If you send a new request from this site later, we still email you its confirmation link, since it cannot be sent without one.",
  button: "Unsubscribe",
  already: "This address is unsubscribed: we send it no newsletter and no notices.",
  invalid: "This unsubscribe link is not valid. Use the link in the latest email you received from us.",
  /** The answer to a mail program's one-click POST (RFC 8058), as plain text. */
  oneClickDone: "Unsubscribed.",
  oneClickBody: "A one-click unsubscribe must be a POST with the body List-Unsubscribe=One-Click.",
} as const;

// ---------------------------------------------------------------------------------------------
// The managers CSV (lib/contract/managers-csv.ts, npm run managers)

export const IMPORT_WORDS = {
  notCsv: (reason: string) => `The file is not a CSV file this import can read: ${reason}`,
  missingColumns: (columns: string[]) => `The header row lacks ${columns.length === 1 ? "the column" : "the columns"} ${columns.join(", ")}.`,
  empty: "The file has a header row and no managers.",
  required: (column: string) => `${column} is required.`,
  tooLong: (column: string, max: number) => `${column} must be at most ${max.toLocaleString("en-US")} characters.`,
  oneLine: (column: string) => `${column} must not contain line breaks or control characters.`,
  email: "email must be one plain address, like name@example.com.",
  phone: "phone must be a 10-digit US phone number.",
  url: (column: string) => `${column} must be a web address starting with http:// or https://.`,
  state: (column: string, value: string) => `${column} "${value}" is not a U.S. state (two letters, like TX).`,
  zip: (column: string, value: string) => `${column} "${value}" is not a 5-digit ZIP code.`,
  unknownZip: (column: string, zip: string) => `${column}: ZIP code ${zip} is not in the site's ZIP data.`,
  unknownCity: (city: string, state: string) => `office_city "${city}" is not a city the directory lists in ${state}: use the nearest listed city.`,
  zipTooFar: (zip: string, miles: number) => `service_zips: ${zip} lies more than ${miles} miles from the office: the directory serves a circle of at most ${miles} miles around it.`,
  serviceZipsRequired: "service_zips must list at least one ZIP code (the office's own, if it serves only there).",
  serviceZipsTooMany: (max: number) => `service_zips must list at most ${max} ZIP codes.`,
  categories: (unknown: string[]) =>
    unknown.length ? `categories: ${unknown.map((v) => `"${v}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a category (${PROPERTY_CATEGORIES.map((c) => c.slug).join(", ")}).` : "categories must name at least one category.",
  services: (unknown: string[]) => `services: ${unknown.map((v) => `"${v}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a service the directory lists (${MANAGER_SERVICES.map((s) => s.key).join(", ")}).`,
  fee: (column: string, allowed: "percent" | "flat" | "either") =>
    `${column} is not understood: write ${allowed === "percent" ? "a percent, like 50%" : allowed === "flat" ? "a dollar amount, like $99" : "a percent (8%) or a dollar amount ($99)"}, or leave it empty.`,
  licensePair: "license_number and license_state go together: give both or neither.",
  duplicateInFile: (column: string, line: number) => `duplicate: line ${line} has the same ${column}.`,
  duplicateListing: (column: string, company: string, id: number) => `duplicate: the listing "${company}" (id ${id}) already has this ${column}.`,
  /** One problem as the command prints it and the workspace lists it. */
  problem: ({ line, column, message }: { line: number; column: string; message: string }) => `line ${line}, ${column}: ${message}`,
  /** What a file would do: the dry run's summary, in the command and in the workspace. */
  counts: ({ rows, added, changed, unchanged, problems }: { rows: number; added: number; changed: number; unchanged: number; problems: readonly unknown[] }) =>
    `${rows.toLocaleString("en-US")} rows: ${added.toLocaleString("en-US")} to add, ${changed.toLocaleString("en-US")} to change, ${unchanged.toLocaleString("en-US")} unchanged; ${problems.length.toLocaleString("en-US")} problems`,
  refused: (problems: number) => `Nothing was imported: the file has ${problems.toLocaleString("en-US")} ${problems === 1 ? "problem" : "problems"}. Fix ${problems === 1 ? "it" : "them"} and run the import again.`,
} as const;

export const SAMPLE_WORDS = {
  /** The refusal while no real manager exists; the command can be forced, the workspace cannot (a server's operator decides that). */
  wouldEmpty: (samples: number, where: "command" | "workspace" = "command") =>
    `Removing the ${samples.toLocaleString("en-US")} sample listings would leave the site with no managers at all: import real ones first (${
      where === "command" ? "npm run managers -- import FILE.csv), or pass --force." : "above, or npm run managers -- import FILE.csv on the server). Only the server's command can remove them anyway (--force)."
    }`,
} as const;

/** The workspace's Managers page (/workspace/managers): the managers CSV's import, export and the samples' removal, for admins. */
export const MANAGERS_PAGE = {
  title: "Managers",
  lead: "Load real managers from a CSV file (the format of npm run managers, docs/operator-import.md): a dry run first, which writes nothing, then the same file applied whole or not at all.",
  onlyAdmins: (role: string) => `Your role (${role}) cannot import, export or remove listings: admins do.`,
  forbidden: (role: string) => `Your role (${role}) cannot import, export or remove listings, so nothing was changed: ask an admin.`,
  exportSignIn: "Sign in to the workspace as an admin to export the managers.",
  exportForbidden: (role: string) => `Your role (${role}) cannot export the managers: admins do.`,
  uploadHeading: "Import a CSV file",
  fileLabel: "CSV file",
  fileHint: (maxBytes: number) => `At most ${megabytes(maxBytes)}. A larger file is imported on the server with npm run managers -- import FILE.csv.`,
  checkButton: "Check this file (dry run)",
  noFile: "Choose a CSV file to check.",
  tooLarge: (bytes: number, maxBytes: number) =>
    `The file is ${megabytes(bytes)}: the workspace takes files up to ${megabytes(maxBytes)}. Split it, or import it on the server with npm run managers -- import FILE.csv.`,
  dryRunHeading: (file: string) => `Dry run of ${file}: nothing was written`,
  dryRunSummary: (counts: string) => `${counts}.`,
  /** The heading over each outcome's first rows: in the dry run, then after the import. */
  examplesHeading: {
    "dry-run": { added: "To add", changed: "To change", unchanged: "Left alone (the listing already says the same)" },
    applied: { added: "Added", changed: "Changed", unchanged: "Left alone (the listing already said the same)" },
  },
  examplesFirst: (shown: number, total: number) => (shown < total ? `The first ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}:` : ""),
  problemsHeading: (problems: number) => count(problems, "problem", "problems"),
  cannotApply: (problems: number) => `It cannot be applied: the file has ${count(problems, "problem", "problems")}, and a file is imported whole or not at all. Fix ${problems === 1 ? "it" : "them"} and check the file again.`,
  nothingToApply: "The file changes nothing: every listing already says the same.",
  applyButton: "Apply this import",
  applyLead: (file: string, sha256: string) => `Applies ${file} (SHA-256 ${sha256.slice(0, 12)}…), the file this dry run read, in one transaction.`,
  fileChanged: "The file to apply is not the one this dry run checked (another file was checked since, or it expired). Nothing was written: check the file again.",
  applied: (file: string, added: number, changed: number, unchanged: number, paths: number) =>
    `Imported ${file}: ${added.toLocaleString("en-US")} added, ${changed.toLocaleString("en-US")} changed, ${unchanged.toLocaleString("en-US")} unchanged; ${paths.toLocaleString("en-US")} pages refreshed.`,
  notApplied: (file: string, counts: string) => `Nothing was imported from ${file}: ${counts}. Fix the problems and check the file again.`,
  exportHint: "Export CSV writes every imported listing in the same columns (samples and listings approved from applications have no external_id and are left out).",
  samplesHeading: "Sample listings",
  samplesCount: (samples: number, real: number) =>
    `${count(samples, "sample listing", "sample listings")} and ${count(real, "real listing", "real listings")}${real > 0 && samples > 0 ? ": no page lists the samples beside the real listings, so removing them changes nothing a visitor sees" : ""}.`,
  noSamples: "There are no sample listings left.",
  removeSamplesButton: "Remove the sample listings…",
  removeSamplesConfirm: (samples: number) => `Remove ${count(samples, "sample listing", "sample listings")}?`,
  removeSamplesLead: "Their profiles, the requests' copies sent to them and their proposals go; the pages they were on are refreshed, and the seed does not add them again. It cannot be undone.",
  removeSamplesYes: (samples: number) => `Remove ${count(samples, "sample listing", "sample listings")}`,
  cancel: "Cancel",
  samplesChanged: "The number of sample listings changed since this confirmation was shown. Nothing was removed: look again.",
  samplesRemoved: (removed: number) => `Removed ${count(removed, "sample listing", "sample listings")}; their pages are refreshed.`,
} as const;
