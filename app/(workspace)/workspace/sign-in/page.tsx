import { redirect } from "next/navigation";
import { WORKSPACE_PATHS } from "@/lib/contract/routes";
import { currentStaff } from "../staff-session";
import { SignInPanel } from "../sign-in-form";

export const metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await currentStaff()) redirect(WORKSPACE_PATHS.home);
  return <SignInPanel />;
}
