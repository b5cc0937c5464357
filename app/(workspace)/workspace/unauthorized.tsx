import { SignInForm } from "./sign-in-form";

/** Any workspace URL or action reached without a staff session (HTTP 401): the sign-in page. */
export default function SignInRequired() {
  return (
    <div className="ws-narrow">
      <h1>Sign in to the workspace</h1>
      <p>The workspace is for Managely staff. Enter your work email and we will send you a link that signs you in.</p>
      <SignInForm />
    </div>
  );
}
