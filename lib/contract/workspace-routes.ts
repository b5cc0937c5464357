/**
 * The marketers' workspace: staff only, noindex, no-store, in no sitemap. Page ids,
 * draft ids and sign-in tokens travel in the path, never in the query.
 */
export const WORKSPACE_PATHS = {
  home: "/workspace",
  signIn: "/workspace/sign-in",
  templates: "/workspace/templates",
  audit: "/workspace/audit",
  history: "/workspace/history",
  staff: "/workspace/staff",
  csv: "/workspace/pages.csv",
  /** A bulk edit's confirmation (the list's form sends the rows and the field). */
  bulk: "/workspace/bulk",
  previewExit: "/workspace/preview/exit",
  /** The operator's tasks: applications, messages, subscribers (and their CSV). */
  applications: "/workspace/applications",
  messages: "/workspace/messages",
  subscribers: "/workspace/subscribers",
  subscribersCsv: "/workspace/subscribers.csv",
  /** The managers CSV (admins): import with a dry run first, export, remove the samples. */
  managers: "/workspace/managers",
  managersCsv: "/workspace/managers.csv",
} as const;

/** One "Join Our Network" application: `/workspace/applications/12`. */
export function workspaceApplicationPath(id: number): string {
  return `${WORKSPACE_PATHS.applications}/${id}`;
}

/** One message and its replies: `/workspace/messages/12`. */
export function workspaceMessagePath(id: number): string {
  return `${WORKSPACE_PATHS.messages}/${id}`;
}

/** The link of a staff sign-in email: `/workspace/sign-in/{token}` (a page whose button signs in). */
export function workspaceSignInPath(token: string): string {
  return `${WORKSPACE_PATHS.signIn}/${token}`;
}

/** A page's editor in the workspace: `/workspace/pages/agents/TX/austin` (the page's own path after it). */
export function workspacePagePath(pagePath: string): string {
  return pagePath === "/" ? "/workspace/pages" : `/workspace/pages${pagePath}`;
}

/** A template's editor: `/workspace/templates/city`. */
export function workspaceTemplatePath(kind: string): string {
  return `${WORKSPACE_PATHS.templates}/${kind}`;
}

/** A template draft's confirmation: what publishing it does, then Publish or Cancel. */
export function workspaceTemplatePublishPath(kind: string): string {
  return `${workspaceTemplatePath(kind)}/publish`;
}

/** A template revision's rollback confirmation: what rolling it back does, then Roll back or Cancel. */
export function workspaceTemplateRollbackPath(kind: string, revisionId: number): string {
  return `${workspaceTemplatePath(kind)}/rollback/${revisionId}`;
}

/** Opens a draft's page with the draft applied (draft mode): `/workspace/preview/12`. */
export function workspacePreviewPath(draftId: number): string {
  return `/workspace/preview/${draftId}`;
}
