"use client";

import { useActionState } from "react";
import { LISTING_HINTS } from "@/lib/contract/operator-messages";
import { LISTING_SELF } from "@/lib/contract/listing-messages";
import { MANAGER_SERVICES, PROPERTY_CATEGORIES } from "@/lib/contract/site";
import type { ListingEditField, ListingFormValues } from "@/lib/contract/listing-self-service";
import { saveListingAction } from "./actions";
import { Submit } from "./ask-link-form";

const FEES = [
  { name: "management_fee", label: "Management fee" },
  { name: "leasing_fee", label: "Leasing fee" },
  { name: "setup_fee", label: "Setup fee" },
  { name: "renewal_fee", label: "Renewal fee" },
] as const;

/**
 * A manager's fees, categories, services, about text and service ZIP codes. The action answers
 * each refused field's message beside it and saves nothing; a save shows at once on the profile.
 * Works without JavaScript too (the action runs and the page is rendered again).
 */
export function ListingEditForm({ agentId, values }: { agentId: number; values: ListingFormValues }) {
  const [state, formAction] = useActionState(saveListingAction, null);
  // After a refusal the fields keep what was typed (React resets a form to its defaults after its action).
  const shown = state?.values ?? values;
  const error = (field: ListingEditField) =>
    state?.errors?.[field] ? (
      <p id={`${field}-error`} className="your-listing__field-error">
        {state.errors[field]}
      </p>
    ) : null;
  const described = (field: ListingEditField, hint?: boolean) =>
    [hint ? `${field}-hint` : "", state?.errors?.[field] ? `${field}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <form action={formAction} className="your-listing__form" aria-labelledby="your-listing-form">
      <h2 id="your-listing-form">{LISTING_SELF.formHeading}</h2>
      <input type="hidden" name="agent_id" value={agentId} />
      <div className="your-listing__fees">
        {FEES.map((fee) => (
          <div className="field" key={fee.name}>
            <label htmlFor={fee.name}>{fee.label}</label>
            <input
              id={fee.name}
              name={fee.name}
              type="text"
              defaultValue={shown[fee.name]}
              aria-invalid={state?.errors?.[fee.name] ? true : undefined}
              aria-describedby={described(fee.name, true)}
            />
            <p id={`${fee.name}-hint`} className="your-listing__hint">
              {LISTING_HINTS[fee.name]}
            </p>
            {error(fee.name)}
          </div>
        ))}
      </div>
      <Choices legend={LISTING_SELF.categories} name="categories" options={PROPERTY_CATEGORIES.map((category) => ({ value: String(category.id), label: category.label }))} checked={shown.categories.map(String)} describedBy={described("categories")}>
        {error("categories")}
      </Choices>
      <Choices legend={LISTING_SELF.services} name="services" options={MANAGER_SERVICES.map((service) => ({ value: service.key, label: service.label }))} checked={shown.services} describedBy={described("services")}>
        {error("services")}
      </Choices>
      <div className="field">
        <label htmlFor="about">{LISTING_SELF.about}</label>
        <textarea id="about" name="about" rows={6} defaultValue={shown.about} aria-invalid={state?.errors?.about ? true : undefined} aria-describedby={described("about")} />
        {error("about")}
      </div>
      <div className="field">
        <label htmlFor="service_zips">Service ZIP codes</label>
        <textarea
          id="service_zips"
          name="service_zips"
          rows={3}
          defaultValue={shown.service_zips}
          aria-invalid={state?.errors?.service_zips ? true : undefined}
          aria-describedby={described("service_zips", true)}
        />
        <p id="service_zips-hint" className="your-listing__hint">
          {values.service_zips ? LISTING_SELF.serviceZipsHint : LISTING_SELF.serviceZipsNone}
        </p>
        {error("service_zips")}
      </div>
      <Submit label={LISTING_SELF.saveButton} />
      {state && (
        <p role={state.ok ? "status" : "alert"} className={state.ok ? "your-listing__ok" : "your-listing__error"}>
          {state.message}
        </p>
      )}
    </form>
  );
}

/** A group of checkboxes under its legend, its refusal (if any) after them. */
function Choices({ legend, name, options, checked, describedBy, children }: { legend: string; name: string; options: { value: string; label: string }[]; checked: string[]; describedBy?: string; children: React.ReactNode }) {
  return (
    <fieldset className="your-listing__choices" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} /> {option.label}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
