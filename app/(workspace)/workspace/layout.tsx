import type { Metadata } from "next";
import Link from "next/link";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { LISTING_CHANGES_PATH } from "@/lib/contract/listing-self-service";
import { REDIRECTS_WORKSPACE_PATH } from "@/lib/contract/redirects";
import { SITE_NAME } from "@/lib/contract/site";
import { currentStaff } from "./staff-session";
import { can } from "@/lib/contract/staff";
import { signOut } from "./actions";
import "@/styles/workspace.css";

/**
 * The marketers' workspace: its own route group and layout, so no public page loads anything of
 * it. Every page here is for staff only, rendered per request (no-store) and kept out of search
 * engines (noindex here, no sitemap entry, and no link from any public page).
 */
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { template: `%s | ${SITE_NAME} workspace`, default: `${SITE_NAME} workspace` },
    // One robots tag: a signed-out visitor gets the sign-in page as a 401, where Next.js writes its own noindex.
    ...((await currentStaff()) ? { robots: { index: false, follow: false, nocache: true } } : {}),
    // No referrer for other sites; the site's own pages get it. Not "no-referrer": it makes a
    // browser send `Origin: null` with a form's POST, which Next.js refuses as cross-site, so no
    // workspace form would work without JavaScript.
    referrer: "same-origin",
  };
}

const NAV = [
  { href: WORKSPACE_PATHS.home, label: "Pages" },
  { href: WORKSPACE_PATHS.templates, label: "Templates" },
  { href: WORKSPACE_PATHS.audit, label: "Audit" },
  { href: WORKSPACE_PATHS.history, label: "History" },
  { href: REDIRECTS_WORKSPACE_PATH, label: "Redirects" },
  { href: WORKSPACE_PATHS.staff, label: "Staff" },
  // The network's tasks (the operator's).
  { href: WORKSPACE_PATHS.applications, label: "Applications" },
  { href: WORKSPACE_PATHS.messages, label: "Messages" },
  { href: WORKSPACE_PATHS.subscribers, label: "Subscribers" },
  { href: LISTING_CHANGES_PATH, label: "Listing changes" },
  // Loading real managers from a CSV file: admins only (the page refuses the others).
  { href: WORKSPACE_PATHS.managers, label: "Managers", adminOnly: true },
];

export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const staff = await currentStaff();
  return (
    <div className="ws">
      <header className="ws-header">
        <div className="ws-header__inner">
          <Link href={WORKSPACE_PATHS.home} className="ws-brand">
            {SITE_NAME} <span>workspace</span>
          </Link>
          {staff && (
            <>
              <nav aria-label="Workspace" className="ws-nav">
                <ul>
                  {NAV.filter((item) => !("adminOnly" in item) || can(staff.role, "managers:import")).map((item) => (
                    <li key={item.href}>
                      <Link href={item.href}>{item.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <form action={signOut} className="ws-user">
                <span>
                  {staff.email} <span className="ws-role">{staff.role}</span>
                </span>
                <button type="submit" className="link-button">
                  Sign out
                </button>
              </form>
            </>
          )}
        </div>
      </header>
      <main id="main" className="ws-main">
        {children}
      </main>
    </div>
  );
}
