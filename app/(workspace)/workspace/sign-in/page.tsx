import { redirect } from "next/navigation";
import { WORKSPACE_PATHS } from "@/lib/contract/routes";
import { currentStaff } from "../staff-session";
import { SignInForm } from "../sign-in-form";

export const metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await currentStaff()) redirect(WORKSPACE_PATHS.home);
  return (
    <div className="ws-narrow">
      <h1>Sign in to the workspace</h1>
      <p>The workspace is for Managely staff. Enter your work email and we will send you a link that signs you in.</p>
      <SignInForm />
    </div>
  );
}
