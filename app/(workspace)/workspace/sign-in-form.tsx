import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { ReturnPathField } from "@/components/workspace/ReturnPathField";
import { requestSignIn } from "./actions";
import { SIGN_IN_PAGE } from "@/lib/contract/workspace-messages";

/** The email field that asks for a sign-in link (the sign-in page and every signed-out workspace URL). */
function SignInForm() {
  return (
    <ActionForm action={requestSignIn} className="ws-panel ws-signin" label="Sign in">
      <div className="field">
        <label htmlFor="ws-email">Work email</label>
        <input id="ws-email" name="email" type="email" autoComplete="email" required />
      </div>
      <ReturnPathField name="return_to" />
      <IntentButton>Email me a sign-in link</IntentButton>
    </ActionForm>
  );
}

/** The sign-in page's content: the sign-in page itself, and what a signed-out visitor gets anywhere in the workspace. */
export function SignInPanel() {
  return (
    <div className="ws-narrow">
      <h1>Sign in to the workspace</h1>
      <p>{SIGN_IN_PAGE.lead}</p>
      <SignInForm />
    </div>
  );
}
