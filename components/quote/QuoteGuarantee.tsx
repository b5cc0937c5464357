"use client";

import { useId, useRef, useState } from "react";
import { DEFAULT_CATEGORY_ID, PRICE_DEFAULT, PRICE_MAX, PRICE_MIN } from "@/lib/contract/site";
import { readAnswers, readLeadValues, type LeadValues } from "@/lib/lead-form/storage";
import { assumptionOf } from "@/lib/contract/proposals";
import { parseCategory, validateGuaranteeMobile } from "@/lib/lead-form/steps";
import { RECIPIENTS } from "@/lib/contract/messages";
import { useMessages } from "@/components/ui/MessageDialog";
import { SubmitButton } from "@/components/forms/SubmitButton";
import { HoneypotField } from "@/components/forms/HoneypotField";
import { Field } from "@/components/forms/Field";
import { CloseIcon, ShieldIcon } from "./icons";
import { useRecipients } from "./useRecipients";
import { useSubmitLead } from "./useSubmitLead";
import { ConsentLine, RecipientChoice } from "./RecipientChoice";
import { QUOTE_NOTES } from "@/lib/contract/page-messages";

const TITLE = "No More Spam: Our Quote Guarantee";

/**
 * The quote-guarantee offer of steps 4 and 5 (spec 2.4): a button that opens a modal where the
 * owner names a price and leaves a mobile number. It saves a lead of its own, without a
 * contact method or answers (DESIGN.md section 6: the chosen price is sent as `price`), matched
 * like the full request from the stored ZIP and category: the owner chooses who receives it
 *, and the named price goes to them.
 */
export function QuoteGuarantee() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  // The stored steps, read when the modal opens (the server cannot see browser storage).
  const [stored, setStored] = useState<LeadValues | null>(null);

  function open() {
    setStored(readLeadValues());
    dialog.current?.showModal();
    // The number is what the modal asks for; start there rather than on the first focusable.
    mobileInput.current?.focus();
  }

  function close() {
    dialog.current?.close();
  }

  return (
    <div className="guarantee">
      <p className="guarantee__pitch">{QUOTE_NOTES.guaranteePitch}</p>
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
        <GuaranteeForm idPrefix={titleId} stored={stored} mobileInput={mobileInput} />
      </dialog>
    </div>
  );
}

/** The modal's form: the mobile number, the price, who receives it, and Submit. */
function GuaranteeForm({ idPrefix, stored, mobileInput }: { idPrefix: string; stored: LeadValues | null; mobileInput: React.RefObject<HTMLInputElement | null> }) {
  const { showError } = useMessages();
  const { pending, submit } = useSubmitLead("guarantee");
  const [mobile, setMobile] = useState("");
  const [price, setPrice] = useState(PRICE_DEFAULT);
  const [website, setWebsite] = useState("");
  const [assumption] = useState(() => assumptionOf(readAnswers()));
  const category = stored ? (parseCategory(stored.property_category) ?? DEFAULT_CATEGORY_ID) : null;
  const recipients = useRecipients(stored?.property_zip ?? "", category);
  const consentId = useId();
  const email = stored?.email_address.trim() ?? "";
  const ways = { email: Boolean(email), phone: true };

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateGuaranteeMobile(mobile);
    if (problem) return showError(problem, { focus: () => mobileInput.current });
    if (!stored || !category) return showError(recipients.state.status === "error" ? recipients.state.message : RECIPIENTS.loading);
    void submit({
      lead: {
        property_category: category,
        property_address: stored.property_address,
        property_city: stored.property_city,
        property_zip: stored.property_zip,
        property_price: "",
        ...(stored.full_name.trim() && { full_name: stored.full_name }),
        ...(email && { email_address: stored.email_address }),
        property_number: mobile,
        price,
        website,
      },
      recipients: recipients.state,
      contact: { ...ways, preferred: "Phone" },
      // Of what this lead sends, only the number is typed here; the rest comes from earlier steps.
      fieldElement: (field) => (field === "property_number" ? mobileInput.current : null),
    });
  }

  return (
    <form className="modal__body" noValidate onSubmit={onSubmit}>
      <p>{QUOTE_NOTES.guaranteeLead(price)}</p>
      <h3 className="guarantee-modal__section">Name Your Price</h3>
      <Field ref={mobileInput} kind="phone" id={`${idPrefix}-mobile`} label="Mobile Number" name="mobile" value={mobile} onChange={setMobile} />
      <PriceField id={`${idPrefix}-price`} price={price} onChange={setPrice} />
      {stored && category && (
        <RecipientChoice
          state={recipients.state}
          onToggle={recipients.toggle}
          onRetry={recipients.retry}
          zip={stored.property_zip}
          categoryId={category}
          email={email}
          assumption={assumption}
          headingLevel={3}
        />
      )}
      <ConsentLine id={consentId} state={recipients.state} ways={ways} />
      <SubmitButton pending={pending} className="button guarantee-modal__submit" describedBy={consentId} />
      <HoneypotField value={website} onChange={(event) => setWebsite(event.target.value)} />
    </form>
  );
}

/** "Name Your Price": a slider from PRICE_MIN to PRICE_MAX dollars a month. */
function PriceField({ id, price, onChange }: { id: string; price: number; onChange: (price: number) => void }) {
  return (
    <div className="field">
      <div className="guarantee-modal__price-label">
        <label htmlFor={id}>Monthly price</label>
        {/* The slider announces its own value; a live region here would repeat every step of a drag. */}
        <output htmlFor={id} className="guarantee-modal__price" aria-live="off">
          ${price}
        </output>
      </div>
      <input
        id={id}
        name="price"
        type="range"
        className="guarantee-modal__slider"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={1}
        value={price}
        aria-valuetext={`$${price}`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="guarantee-modal__range" aria-hidden="true">
        <span>${PRICE_MIN}</span>
        <span>${PRICE_MAX}</span>
      </div>
    </div>
  );
}
