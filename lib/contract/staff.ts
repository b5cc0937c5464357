/**
 * The marketers' workspace's staff: roles, what each may do, the actions its audit log records and
 * the words it shows staff. One home for each; the service checks permissions with `can`, the
 * pages hide what a role cannot use, and better-auth's admin plugin is configured from the same
 * table (lib/service/workspace/auth.ts).
 */

export const STAFF_ROLES = ["admin", "operator", "editor", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin: everything editors and operators do, plus templates and staff",
  operator: "Operator: runs the network: decides applications, answers messages, manages subscribers",
  editor: "Editor: edits, previews and publishes single pages",
  viewer: "Viewer: sees every page, template, audit and history",
};

/** Resources and what can be done to them (better-auth access-control statements). */
export const STAFF_STATEMENTS = {
  page: ["edit", "publish"],
  template: ["edit", "publish"],
  staff: ["manage"],
  /** The network's tasks (the operator's): "Join Our Network" applications, messages, subscribers. */
  application: ["decide"],
  message: ["reply"],
  subscriber: ["manage"],
  /** The managers CSV in the workspace (/workspace/managers): import, export, remove the samples. */
  managers: ["import"],
  /** Workspace → Redirects: rules, their CSV import (editors and admins; viewers read). */
  redirect: ["manage"],
} as const;
type Statements = typeof STAFF_STATEMENTS;
export type StaffPermission = { [R in keyof Statements]: `${R}:${Statements[R][number]}` }[keyof Statements];

/** The network's tasks, which admins and operators decide (editors and viewers read them). */
const NETWORK_GRANTS = { application: ["decide"], message: ["reply"], subscriber: ["manage"] } as const;

/**
 * What each role may do beyond seeing everything (every role sees everything, except the
 * subscribers' addresses: only those who manage subscribers see them).
 */
export const ROLE_GRANTS: Record<StaffRole, { [R in keyof Statements]?: Statements[R][number][] }> = {
  viewer: {},
  editor: { page: ["edit", "publish"], redirect: ["manage"] },
  operator: { application: [...NETWORK_GRANTS.application], message: [...NETWORK_GRANTS.message], subscriber: [...NETWORK_GRANTS.subscriber] },
  admin: {
    page: ["edit", "publish"],
    template: ["edit", "publish"],
    staff: ["manage"],
    application: [...NETWORK_GRANTS.application],
    message: [...NETWORK_GRANTS.message],
    subscriber: [...NETWORK_GRANTS.subscriber],
    // Rewrites the directory in one go (thousands of listings): admins only, as `npm run managers` is the server's operator's.
    managers: ["import"],
    redirect: ["manage"],
  },
};

export function can(role: StaffRole, permission: StaffPermission): boolean {
  const [resource, action] = permission.split(":") as [keyof Statements, string];
  return ((ROLE_GRANTS[role][resource] ?? []) as string[]).includes(action);
}

/** The role a staff member is given when none is named. */
export const DEFAULT_STAFF_ROLE: StaffRole = "viewer";

/** How long a sign-in link works, and how long a session lasts without use. */
export const SIGN_IN_LINK_MINUTES = 15;
export const SESSION_HOURS = 12;

export const AUDIT_ACTIONS = {
  "staff.sign_in_requested": "asked for a sign-in link",
  "staff.signed_in": "signed in",
  "staff.signed_out": "signed out",
  "staff.added": "added a staff member",
  "staff.role_changed": "changed a role",
  "staff.removed": "removed a staff member",
  "draft.saved": "saved a draft",
  "draft.discarded": "discarded a draft",
  "draft.previewed": "previewed a draft",
  "seo.published": "published",
  "seo.rolled_back": "rolled back",
  "seo.publish_refused": "was refused a publish (someone published first)",
  "application.approved": "approved an application into a new listing",
  "application.linked": "linked an application to an existing listing",
  "application.declined": "declined an application",
  "message.replied": "replied to a message",
  "message.status_changed": "changed a message's status",
  "subscriber.removed": "removed a subscriber",
  "subscribers.exported": "exported the subscribers",
  "managers.imported": "imported managers from a CSV file",
  "samples.removed": "removed the sample listings",
  "managers.exported": "exported the imported managers",
  "role.refused": "was refused (their role does not allow it)",
  "listing.reverted": "reverted a change a manager made to its listing",
  "redirect.saved": "saved a redirect rule",
  "redirect.removed": "removed a redirect rule",
  "redirects.imported": "imported redirect rules from a CSV file",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The words of a page, as the workspace names them. */
export { SEO_FIELD_LABELS, SOCIAL_FALLBACK_LABELS } from "./seo-fields";



/** The share cards' previews (components/workspace/SocialCards.tsx; the cuts: lib/contract/social-cards.ts). */
export const SOCIAL_CARDS = {
  noImage: "No image",
  from: (host: string) => `From ${host}`,
  altText: "Image alt text",
  none: "none",
  count: (label: string, count: number, max: number) =>
    `${label}: ${count} ${count === 1 ? "character" : "characters"}${count > max ? `, over X's ${max}: X cuts it` : ` (X shows up to ${max})`}`,
  howCut:
    "Facebook shows the title on up to two lines and the description on one; LinkedIn, the title on up to two lines and no description; X, the title on one line over the image. Each cuts by width as drawn here; X also cuts a title after 70 characters.",
} as const;

/** What the workspace tells staff. */
type FieldChange = { field: string; pages: number };
const pagesCount = (pages: number) => `${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}`;
/** "the title of 3 pages, the description of 1 page and …", or `nothing` when no field changes. */
function fieldChanges(changes: FieldChange[], nothing: string): string {
  const changed = changes.filter((change) => change.pages > 0).map((change) => `the ${change.field} of ${pagesCount(change.pages)}`);
  return changed.length === 0 ? nothing : changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(", ")} and ${changed.at(-1)}`;
}

export const WORKSPACE = {
  signInSent: "If that address belongs to a staff member, a sign-in link is on its way. It works once, for 15 minutes.",
  signInInvalidEmail: "Please enter a valid email address.",
  linkInvalid: "This sign-in link has expired or was already used. Ask for a new one below.",
  forbidden: (role: StaffRole, what: string) => `Your role (${role}) cannot ${what}. Nothing was changed.`,
  draftSaved: "Draft saved. It is not live until you publish it.",
  draftDiscarded: "Draft discarded.",
  nothingToPublish: "There is no draft to publish.",
  /** After a publish or a rollback: what it changed, and what is true of this deployment's caches (afterPublishMessage). */
  changeLive: (what: "published" | "rolledBack", paths: number) =>
    `${what === "published" ? "Published" : "Rolled back"}: ${paths === 1 ? "1 page's words change" : `${paths.toLocaleString("en-US")} pages' words change`}.`,
  everyInstance: "Every instance sharing this site's Redis (REDIS_URL) serves the new words from its next request.",
  thisInstanceOnly: (otherInstances: string) =>
    `This instance serves the new words from its next request. REDIS_URL is not set, so any other instance keeps its own copies and may show the old words for up to ${otherInstances}.`,
  cdnPurged: (cdn: string, seconds: number) =>
    `The changed addresses are sent to PURGE_URL for the CDN to drop; until it does, a CDN may show the old words for up to ${cdn} (s-maxage=${seconds}).`,
  cdnNotPurged: (cdn: string, seconds: number) =>
    `A CDN in front of the site may show the old words for up to ${cdn} (s-maxage=${seconds}): no PURGE_URL is set to tell it.`,
  confirmTitle: (what: string) => `Publish the ${what}?`,
  confirmLead: (pages: number, changes: FieldChange[]) =>
    `Nothing is published until you press Publish. It governs ${pagesCount(pages)} and changes ${fieldChanges(changes, "no page's words (the draft says what is live already)")}.`,
  /** The heading of a count's list of pages on a bulk edit's confirmation. */
  effectPagesLabel: (what: string, which: "changed" | "errorsNow" | "errorsAfter" | "now" | "after", count: number) =>
    `${what}: ${count.toLocaleString("en-US")} ${count === 1 ? "page" : "pages"} ${
      { changed: "changed", errorsNow: "with an error now", errorsAfter: "with an error after publishing", now: "now", after: "after publishing" }[which]
    }`,
  andMore: (count: number) => `… and ${count.toLocaleString("en-US")} more`,
  confirmWorse: (field: string, { before, after, fixed, broken }: { before: number; after: number; fixed: number; broken: number }) =>
    `${field}: ${broken.toLocaleString("en-US")} ${broken === 1 ? "page gets" : "pages get"} an audit error${
      fixed > 0 ? ` and ${fixed.toLocaleString("en-US")} ${fixed === 1 ? "loses its" : "lose theirs"}` : ""
    } (pages with one: ${before.toLocaleString("en-US")} now, ${after.toLocaleString("en-US")} after).`,
  listWithDraft: (what: string) => `Shown as your draft of ${what} would make them: nothing is published yet.`,
  listDraftGone: "That draft no longer exists (published or discarded): the pages are shown as they are.",
  bulkTitle: (op: "set" | "clear", field: string, pages: number) =>
    `${op === "set" ? "Set" : "Clear"} the ${field} ${op === "set" ? "of" : "override of"} ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}?`,
  bulkNoPages: "Select at least one page, or every row of the filter.",
  bulkNoValue: "Type the words to set, or choose to clear the override.",
  bulkTooMany: (limit: number) => `A bulk edit changes at most ${limit.toLocaleString("en-US")} pages at once: narrow the filter.`,
  staleBulk: "Something was published since you reviewed this edit. Nothing was changed: review it again.",
  rollbackConfirmTitle: (revisionId: number, what: string) => `Roll back revision ${revisionId} of the ${what}?`,
  rollbackConfirmLead: (pages: number, changes: FieldChange[]) =>
    `Nothing changes until you press Roll back. It puts the template's earlier words back on the ${pagesCount(pages)} it governs and changes ${fieldChanges(changes, "no page's words (its earlier words are live already)")}.`,
  publishAddsErrors: (errors: { label: string; pages: number }[]) =>
    `Publishing this draft gives the audit new errors: ${errors.map((error) => `${error.label} (${pagesCount(error.pages)})`).join(", ")}. Publish anyway, or change the draft first.`,
  confirmChangesNothing: "The draft's patterns are the ones live now: publishing it would change nothing.",
  rollbackChangesNothing: "Its earlier words are the ones live now: rolling it back would change nothing.",
  rollbackWorking: "Working out which pages rolling back changes, page by page…",
  /** Said while a publish or a rollback runs: it can take a while on thousands of pages. */
  changingPages: (what: "publish" | "rollback", pages: number) =>
    `${what === "publish" ? "Publishing" : "Rolling back"} the words of ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}: this can take a few seconds per thousand pages. Keep this page open.`,
  confirmNoDraft: "There is no draft to publish: it was published, discarded or never saved.",
  draftChangedSinceReview: "The draft changed after you reviewed it. Nothing was changed: review what publishing it does now.",
  staleDraft: (by: string, at: string) =>
    `${by} published this since you started your draft (${at}). Nothing was changed: review what is live now, then publish again if you still want your version.`,
  staleRollback: "Someone published this since you opened the history. Nothing was changed: reload and try again.",
  unknownDraft: "That draft no longer exists.",
  unknownRevision: "That revision does not exist.",
  unknownPage: "That page is not an indexable page of the site.",
  staffAdded: (email: string) => `${email} was added and sent a sign-in link.`,
  roleChanged: (email: string, role: StaffRole) => `${email} is now ${role}.`,
  staffRemoved: (email: string) => `${email} was removed and signed out everywhere.`,
  notFromTheSite: "This request did not come from the workspace's own pages. Nothing was changed: reload the page and try again.",
  cannotChangeSelf: "You cannot change or remove your own access: ask another admin.",
  chooseRole: "Choose a role.",
  alreadyStaff: (email: string) => `${email} is already staff.`,
  staffNotAdded: "The staff member could not be added.",
  noPageMatches: "No page matches these filters.",
  notOfTemplateKind: "That page is not an indexable page of this template's kind.",
  /** Under a template's fields, and under a page's (with its kind's label). */
  templateEmptyMeans: "Leave a field empty to use the default wording (shown greyed). Pages with their own override keep it. Saving keeps a draft; only Publish changes the site.",
  servedStale: (title: string, lifetime: string) =>
    `The public page still serves “${title}”: the copy it answered from was made before the last publish. An instance that shares this workspace's cache (the same Redis) renders it again at its next request; one that does not keeps its copy for up to ${lifetime}.`,
  cardsWithDraft: "With your draft's words.",
  cardsAsPublished: "With the published words.",
  socialLegend: "Share cards (Facebook, LinkedIn, X)",
  socialEmptyMeans: "Leave these empty and a share card says what the search result says, with the share image's own alt text.",
  pageEmptyMeans: (kindLabel: string) => `Leave a field empty to use the ${kindLabel} template (shown greyed). Saving keeps a draft; only Publish changes the public page.`,
} as const;

/**
 * The cookie that names the draft a preview applies. It is set, beside Next's draft-mode cookie,
 * only by the workspace's role-checked preview route, and read only while draft mode is on.
 */
export const PREVIEW_DRAFT_COOKIE = "managely_preview_draft";

/**
 * The workspace page a signed-out staff member asked for, kept while their sign-in link is on its
 * way (a cookie of the browser that asked, for as long as the link works), so the link's button
 * takes them back there. Only a workspace page's path is kept: never the sign-in pages, another
 * site, or anything that is not a plain path and query.
 */
export const SIGN_IN_RETURN_COOKIE = "managely_workspace_return";
const RETURN_PATH = /^\/workspace(?:\/[A-Za-z0-9._~%\-/]*)?(?:\?[A-Za-z0-9._~%\-=&+]*)?$/;
export function workspaceReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500 || !RETURN_PATH.test(value) || value.includes("//")) return null;
  const path = value.split("?")[0];
  return path === "/workspace/sign-in" || path.startsWith("/workspace/sign-in/") ? null : value;
}

/** The page list's orders besides the site's own (`?sort=`): widest words first, as a marketer fixing overruns reads them. */
export const PAGE_SORT_LABELS = { "": "Site order", "title-width": "Widest title first", "description-width": "Widest description first" } as const;
export type PageSort = Exclude<keyof typeof PAGE_SORT_LABELS, "">;
export const isPageSort = (value: unknown): value is PageSort => value === "title-width" || value === "description-width";

/** The audit page's words (/workspace/audit): severities, causes and duplicate groups. */
export const AUDIT_PAGE = {
  severities: { error: "Error", warning: "Warning", notice: "Notice" },
  severityMeans: {
    error: "what a search result shows wrong today",
    warning: "what a template does not tell apart",
    notice: "what only some tools report",
  },
  summary: (indexable: string, withError: string, withOther: string) =>
    `${indexable} indexable pages checked; ${withError} with an error, ${withOther} more with only a warning or a notice.`,
  rule: "Rule:",
  problemsHeading: "Problems found",
  cleanRules: (count: number) => `The other ${count} rules, which no page breaks, with their sources`,
  causesHeading: "What causes them",
  causesIntro:
    "Each row is one cause: the pages of one type whose faulty words come from the same place. Editing a template mends every page whose words come from it; a page's own override is mended on that page.",
  causesNone: "No page has a problem: nothing to mend.",
  /** Where the words of a cause come from. */
  sources: {
    template: "The type's published template",
    default: "The type's default wording",
    override: "Each page's own override",
    code: "The site's code",
  },
  sourceFilter: "Problem's words from",
  sourceAny: "Anywhere",
  editTemplate: (pages: string) => `Edit this template (${pages} pages use it here)`,
  writeTemplate: (pages: string) => `Write a template for this type (${pages} pages use the default here)`,
  editPages: "Edit these pages one by one",
  codeChange: "A change to the site's code: tell a developer.",
  duplicatesHeading: "Pages that share their words",
  duplicatesIntro: "Each group lists the pages with the same words; a near-duplicate group, pages of one type whose words differ only by a number.",
  duplicatesNone: "No two indexable pages share a title or a description.",
  groupSummary: (pages: string, text: string) => `${pages} pages: “${text}”`,
  moreGroups: (count: string) => `${count} more groups: open the list filtered by this problem.`,
  morePages: (count: string) => `and ${count} more pages`,
  duplicateListsHeading: "Pages that list the same managers",
  duplicateListsRule:
    "A category tab that lists all its city's managers is the city page again: it is canonical to the city page and out of the sitemap. Two city pages that list the same managers, in any order, are the same list twice to a search engine.",
  tabsRepeatingCity: (tabs: string) => `${tabs} category tabs list exactly their city page's managers: each is canonical to its city page and out of the sitemap.`,
  cityGroupsNone: "No two city pages list the same managers.",
  cityGroups: (groups: string, pages: string) => `${groups} groups of city pages list the same managers (${pages} pages): give each town its own words, or link the smaller towns to the larger one.`,
  cityGroupSummary: (pages: string) => `${pages} city pages with the same managers:`,
  moreCityGroups: (count: string) => `${count} more groups (npx tsx scripts/seo-audit.ts --current counts them all).`,
} as const;

/** What the history says about each published change. */
export const HISTORY = {
  liveNow: "Live now",
  notLive: "Not live: a later revision replaced it.",
  /** A field a revision leaves to the level below (a page's template, a template's default wording). */
  levelBelow: (isTemplate: boolean) => (isTemplate ? "the default wording" : "the template's words"),
  unchanged: "unchanged",
  /** Where a rollback would put back the words live already. */
  rollbackWouldChangeNothing: "Rolling this back would change nothing: its earlier words are live.",
} as const;

/** The pages' CSV export; what its button says while it works is in staff-csv.ts. */
export const CSV_EXPORT = {
  note: (noindex: number) =>
    `Export CSV writes every row of the filter${
      noindex === 0 ? " (no noindex page matches it)" : `, then the ${noindex.toLocaleString("en-US")} noindex ${noindex === 1 ? "page" : "pages"} it matches (empty lists)`
    }, with each page's status, h1, character counts and whether it may be indexed, and why.`,
  /** Why a page is or is not indexable (the CSV's indexability_reason column). */
  indexable: "index: in the sitemap, canonical to itself",
  emptyList: (what: "managers" | "cities") => `noindex: empty list (no ${what === "managers" ? "managers serve it" : "served cities"})`,
  noindexFixed: {
    laterStep: "noindex: a later step of the request form (it needs the answers before it)",
    afterSubmission: "noindex: shown after a request is submitted",
  },
  noindexOverride: "noindex: set in the workspace",
  canonicalElsewhere: (canonical: string) => `not indexable: canonical to ${canonical}, set in the workspace`,
  notFound: "not indexable: the address answers 404",
  redirected: "not indexable: the address redirects to its canonical form",
} as const;
