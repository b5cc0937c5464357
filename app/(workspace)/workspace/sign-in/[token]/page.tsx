import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { confirmSignIn } from "../../actions";
import { SIGN_IN_PAGE } from "@/lib/contract/workspace-messages";

// Reached signed out: it says noindex itself (layout.tsx).
// The token in this page's address is the key to a session: never sent on, not even to the site's own pages.
export const metadata = { title: "Confirm sign-in", robots: { index: false, follow: false, nocache: true }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }> };

/**
 * Where a sign-in link lands. Opening it changes nothing (mail scanners open links): only the
 * button uses up the link and signs in.
 */
export default async function ConfirmSignInPage({ params }: Props) {
  const { token } = await params;
  return (
    <div className="ws-narrow">
      <h1>Sign in to the workspace</h1>
      <p>{SIGN_IN_PAGE.confirmLead}</p>
      <ActionForm action={confirmSignIn} className="ws-panel" label="Confirm sign-in">
        <input type="hidden" name="token" value={token} />
        <IntentButton>Sign in</IntentButton>
      </ActionForm>
      <p className="ws-hint">
        {SIGN_IN_PAGE.expired.before} <a href={WORKSPACE_PATHS.signIn}>{SIGN_IN_PAGE.expired.link}</a>
        {SIGN_IN_PAGE.expired.after}
      </p>
    </div>
  );
}
