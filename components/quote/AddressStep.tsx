"use client";

import { useEffect, useRef } from "react";
import { ZIP_MAX_LENGTH } from "@/lib/contract/site";
import { browserApi } from "@/lib/api/browser";
import { isValidZip, zipFive } from "@/lib/contract/zip";
import { validateAddressStep } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";
import { useStepEntry } from "./useStepEntry";
import { StepForm, useStoredFields } from "./StepForm";

type AddressValues = { property_address: string; property_city: string; property_zip: string };

const EMPTY: AddressValues = { property_address: "", property_city: "", property_zip: "" };

/** Step 2: address, city and ZIP, pre-filled from what was saved and saved on every keystroke. */
export function AddressStep() {
  const { values, ready } = useStepEntry(2);
  return <AddressForm key={ready ? "ready" : "waiting"} initial={values ?? EMPTY} disabled={!ready} />;
}

function AddressForm({ initial, disabled }: { initial: AddressValues; disabled: boolean }) {
  const [address, update] = useStoredFields<AddressValues>({
    property_address: initial.property_address,
    property_city: initial.property_city,
    property_zip: initial.property_zip,
  });
  useCityFromZip(address.property_zip, address.property_city, (city) => update("property_city", city));

  return (
    <StepForm
      legend="Property address"
      validate={() => validateAddressStep(address)}
      nextHref={STEP_PATHS[3]}
      backHref={STEP_PATHS[1]}
      disabled={disabled}
    >
      <div className="field">
        <label htmlFor="property-address">Address</label>
        <textarea
          id="property-address"
          name="property_address"
          rows={3}
          autoComplete="street-address"
          value={address.property_address}
          onChange={(event) => update("property_address", event.target.value)}
        />
      </div>
      <div className="quote-form__row">
        <div className="field">
          <label htmlFor="property-city">City</label>
          <input
            id="property-city"
            name="property_city"
            type="text"
            autoComplete="address-level2"
            value={address.property_city}
            onChange={(event) => update("property_city", event.target.value)}
          />
        </div>
        <div className="field quote-form__zip">
          <label htmlFor="property-zip">ZIP Code</label>
          <input
            id="property-zip"
            name="property_zip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={ZIP_MAX_LENGTH}
            value={address.property_zip}
            onChange={(event) => update("property_zip", event.target.value)}
          />
        </div>
      </div>
    </StepForm>
  );
}

/**
 * A complete, known ZIP code fills an empty City field with the ZIP code's place (zip/get). A
 * city the owner typed is never replaced, not even one typed while the lookup was on its way;
 * an unknown ZIP or a network failure leaves the field as it is.
 */
function useCityFromZip(zip: string, city: string, fill: (city: string) => void) {
  const latest = useRef({ city, fill });
  useEffect(() => {
    latest.current = { city, fill };
  });
  useEffect(() => {
    const trimmed = zip.trim();
    if (!isValidZip(trimmed) || latest.current.city.trim() !== "") return;
    let current = true;
    browserApi
      .call("zip/get", { zip: zipFive(trimmed) })
      .then(({ place }) => {
        if (current && latest.current.city.trim() === "") latest.current.fill(place.city);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [zip]);
}
