"use client";

import { useState } from "react";
import { useSave } from "./useSave";
import "@/styles/requests.css";
import { NEWSLETTER_PAGE } from "@/lib/contract/page-messages";

/** One button that confirms a newsletter subscription (newsletter/confirm), then says so. */
export function ConfirmSubscription({ token }: { token: string }) {
  const { pending, save } = useSave("newsletter/confirm");
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    const answer = await save({ token }, { successPopup: false });
    if (answer) setDone(answer.message);
  }

  if (done) {
    return (
      <p role="status" className="confirm-subscription__done">
        {done}
      </p>
    );
  }
  return (
    <>
      <p>{NEWSLETTER_PAGE.confirm}</p>
      <button type="button" className="button" onClick={confirm} disabled={pending} aria-busy={pending}>
        {pending ? "Processing..." : "Confirm my subscription"}
      </button>
    </>
  );
}
