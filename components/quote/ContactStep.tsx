"use client";

import { CONTACT_METHODS, validateContactStep } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";
import { useStepEntry } from "./useStepEntry";
import { StepForm, useStoredFields } from "./StepForm";
import { Field } from "@/components/forms/Field";

type ContactValues = { full_name: string; email_address: string; phone_no: string; preferred_contact_method: string };

const EMPTY: ContactValues = { full_name: "", email_address: "", phone_no: "", preferred_contact_method: "" };

/** Step 4: how managers reach the owner; checked for emptiness in the order of spec section 5. */
export function ContactStep() {
  const { values, ready } = useStepEntry(4);
  return <ContactForm key={ready ? "ready" : "waiting"} initial={values ?? EMPTY} disabled={!ready} />;
}

function ContactForm({ initial, disabled }: { initial: ContactValues; disabled: boolean }) {
  const [contact, update] = useStoredFields<ContactValues>({
    full_name: initial.full_name,
    email_address: initial.email_address,
    phone_no: initial.phone_no,
    preferred_contact_method: initial.preferred_contact_method,
  });

  return (
    <StepForm
      legend="Contact information"
      validate={() => validateContactStep(contact)}
      nextHref={STEP_PATHS[5]}
      backHref={STEP_PATHS[3]}
      disabled={disabled}
    >
      <Field
        kind="name"
        id="full-name"
        label="Full Name"
        name="full_name"
        value={contact.full_name}
        onChange={(value) => update("full_name", value)}
      />
      <Field
        kind="email"
        id="email-address"
        label="Email Address"
        name="email_address"
        value={contact.email_address}
        onChange={(value) => update("email_address", value)}
      />
      <div className="quote-form__row">
        {/* eslint-disable-next-line no-restricted-syntax -- the spec's field label, not a sentence */}
        <Field kind="phone" id="phone-no" label="Phone No." name="phone_no" value={contact.phone_no} onChange={(value) => update("phone_no", value)} />
        <div className="field">
          <label htmlFor="preferred-contact-method">Preferred Contact Method</label>
          <select
            id="preferred-contact-method"
            name="preferred_contact_method"
            value={contact.preferred_contact_method}
            onChange={(event) => update("preferred_contact_method", event.target.value)}
          >
            <option value="">Select</option>
            {CONTACT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
      </div>
    </StepForm>
  );
}
