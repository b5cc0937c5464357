"use client";

import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { DEFAULT_CATEGORY_ID, PHONE_MAX_LENGTH, PRICE_DEFAULT, PRICE_MAX, PRICE_MIN } from "@/lib/site";
import { guaranteeSubmissionKey, readLeadValues } from "@/lib/lead-form/storage";
import { parseCategory, validateGuaranteeMobile } from "@/lib/lead-form/steps";
import { useMessages } from "@/components/ui/MessageDialog";
import { useSave } from "@/components/forms/useSave";
import { SubmitButton } from "@/components/forms/SubmitButton";
import { HoneypotField } from "@/components/forms/HoneypotField";
import { CloseIcon, ShieldIcon } from "./icons";

const TITLE = "No More Spam: Our Quote Guarantee";

/**
 * The quote-guarantee offer of steps 4 and 5 (spec 2.4): a button that opens a modal where the
 * owner names a price and leaves a mobile number. It saves a lead of its own, without a
 * contact method or answers (DESIGN.md section 6: the chosen price is sent as `price`).
 */
export function QuoteGuarantee() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const router = useRouter();
  const { showError } = useMessages();
  const { pending, save } = useSave("lead/save");
  const [mobile, setMobile] = useState("");
  const [price, setPrice] = useState(PRICE_DEFAULT);
  const [leaving, setLeaving] = useState(false);
  const [website, setWebsite] = useState("");

  function open() {
    dialog.current?.showModal();
    // The number is what the modal asks for; start there rather than on the first focusable.
    mobileInput.current?.focus();
  }

  function close() {
    dialog.current?.close();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateGuaranteeMobile(mobile);
    if (problem) {
      showError(problem);
      return;
    }
    const stored = readLeadValues();
    const saved = await save(
      {
        submission_key: guaranteeSubmissionKey(),
        property_category: parseCategory(stored.property_category) ?? DEFAULT_CATEGORY_ID,
        property_address: stored.property_address,
        property_city: stored.property_city,
        property_zip: stored.property_zip,
        property_price: "",
        ...(stored.full_name.trim() && { full_name: stored.full_name }),
        ...(stored.email_address.trim() && { email_address: stored.email_address }),
        property_number: mobile,
        price,
        website,
      },
      { successPopup: false },
    );
    if (saved) {
      setLeaving(true);
      router.push("/thank-you");
    }
  }

  return (
    <div className="guarantee">
      <p className="guarantee__pitch">Rather set the budget yourself? Name your price and only hear from managers who accept it.</p>
      <button ref={opener} type="button" className="button button--accent guarantee__open" onClick={open}>
        <ShieldIcon />
        {TITLE}
      </button>

      <dialog
        ref={dialog}
        className="modal guarantee-modal"
        aria-labelledby={titleId}
        // Native <dialog> closes itself on Escape; focus goes back to the button that opened it.
        onClose={() => opener.current?.focus()}
        onClick={(event) => {
          if (event.target === event.currentTarget) close(); // a click on the backdrop
        }}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {TITLE}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <form className="modal__body" noValidate onSubmit={submit}>
          <p>
            Tell us the monthly management fee you would like to pay. We pass your number only to property managers
            willing to quote in that range, so your phone stays quiet otherwise.
          </p>
          <h3 className="guarantee-modal__section">Name Your Price</h3>
          <div className="field">
            <label htmlFor={`${titleId}-mobile`}>Mobile Number</label>
            <input
              ref={mobileInput}
              id={`${titleId}-mobile`}
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={PHONE_MAX_LENGTH}
              value={mobile}
              onChange={(event) => setMobile(event.target.value)}
            />
          </div>
          <div className="field">
            <div className="guarantee-modal__price-label">
              <label htmlFor={`${titleId}-price`}>Monthly price</label>
              {/* The slider announces its own value; a live region here would repeat every step of a drag. */}
              <output htmlFor={`${titleId}-price`} className="guarantee-modal__price" aria-live="off">
                ${price}
              </output>
            </div>
            <input
              id={`${titleId}-price`}
              name="price"
              type="range"
              className="guarantee-modal__slider"
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={1}
              value={price}
              aria-valuetext={`$${price}`}
              onChange={(event) => setPrice(Number(event.target.value))}
            />
            <div className="guarantee-modal__range" aria-hidden="true">
              <span>${PRICE_MIN}</span>
              <span>${PRICE_MAX}</span>
            </div>
          </div>
          <SubmitButton pending={pending || leaving} className="button guarantee-modal__submit" />
          <HoneypotField value={website} onChange={(event) => setWebsite(event.target.value)} />
        </form>
      </dialog>
    </div>
  );
}
