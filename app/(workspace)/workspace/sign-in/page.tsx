import { redirect } from "next/navigation";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { currentStaff } from "../staff-session";
import { SignInPanel } from "../sign-in-form";

// Reached signed out (a 200, unlike the other pages' 401): it says noindex itself (layout.tsx).
export const metadata = { title: "Sign in", robots: { index: false, follow: false, nocache: true } };

export default async function SignInPage() {
  if (await currentStaff()) redirect(WORKSPACE_PATHS.home);
  return <SignInPanel />;
}
