"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { REQUEST_PAGE } from "@/lib/contract/messages";
import { useSave } from "@/components/forms/useSave";
import { REQUEST_STATUS } from "@/lib/contract/page-messages";

/**
 * "Withdraw my request", asked twice: the first click explains what happens, the second sends
 * lead/withdraw; the page then shows the request as withdrawn.
 */
/** `recipients`: how many managers the request was sent to. */
export function WithdrawRequest({ token, recipients }: { token: string; recipients: number }) {
  const router = useRouter();
  const { pending, save } = useSave("lead/withdraw");
  const [asking, setAsking] = useState(false);

  async function withdraw() {
    if (await save({ token })) {
      setAsking(false);
      router.refresh();
    }
  }

  return (
    <section className="request__section request__withdraw" aria-labelledby="request-withdraw">
      <h2 id="request-withdraw">{REQUEST_STATUS.changedMind}</h2>
      <p>{REQUEST_STATUS.withdrawEffect(recipients)}</p>
      {asking ? (
        <div className="request__confirm" role="group" aria-label="Confirm withdrawal">
          <p id="withdraw-confirm-text">{REQUEST_PAGE.withdrawConfirm}</p>
          <div className="request__buttons">
            <button type="button" className="button button--danger" onClick={withdraw} disabled={pending} aria-describedby="withdraw-confirm-text">
              {pending ? "Processing..." : "Yes, withdraw it"}
            </button>
            <button type="button" className="button button--outline" onClick={() => setAsking(false)} disabled={pending}>
              Keep my request
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--outline" onClick={() => setAsking(true)}>
          Withdraw my request
        </button>
      )}
    </section>
  );
}
