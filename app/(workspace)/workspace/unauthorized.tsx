import { SignInPanel } from "./sign-in-form";

/** Any workspace URL or action reached without a staff session (HTTP 401): the sign-in page. */
export default function SignInRequired() {
  return <SignInPanel />;
}
