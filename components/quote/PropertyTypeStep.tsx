"use client";

import { useEffect, useId, useState } from "react";
import { DEFAULT_CATEGORY_ID, PROPERTY_CATEGORIES, type PropertyCategoryId } from "@/lib/contract/site";
import { saveAnswers, saveLeadValue } from "@/lib/lead-form/storage";
import { parseCategory } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";
import { useStepEntry } from "./useStepEntry";
import { useQuoteStart } from "./useQuoteStart";
import { StepForm } from "./StepForm";
import { CategoryIcon } from "./icons";

/** What each kind of property covers, as page 5 explains it. */
const CATEGORY_HINTS: Record<PropertyCategoryId, string> = {
  1: "House, condo or townhome",
  2: "Duplex to apartment building",
  3: "HOA, condo or community",
  8: "Office, retail or industrial",
};

/** Step 1: the property type, as four radio cards (codes 1, 2, 3, 8; Single Family first). */
export function PropertyTypeStep() {
  useQuoteStart();
  const { values, ready } = useStepEntry(1);
  return <PropertyTypeForm key={ready ? "ready" : "waiting"} storedCategory={values?.property_category ?? ""} disabled={!ready} />;
}

function PropertyTypeForm({ storedCategory, disabled }: { storedCategory: string; disabled: boolean }) {
  const idPrefix = useId();
  const [category, setCategory] = useState<PropertyCategoryId>(() => parseCategory(storedCategory) ?? DEFAULT_CATEGORY_ID);

  useEffect(() => {
    // Spec 2.4: the category is stored on entry, so the preselected Single Family counts too.
    if (!disabled && !parseCategory(storedCategory)) saveLeadValue("property_category", String(DEFAULT_CATEGORY_ID));
  }, [disabled, storedCategory]);

  function choose(id: PropertyCategoryId) {
    // Answers belong to the questions of one category; another category asks other questions.
    if (id !== category) saveAnswers([]);
    setCategory(id);
    saveLeadValue("property_category", String(id));
  }

  return (
    <StepForm legend="Property type" nextHref={STEP_PATHS[2]} disabled={disabled}>
      <div className="category-cards">
        {PROPERTY_CATEGORIES.map(({ id, label }) => (
          <label key={id} className="category-card">
            <input
              className="category-card__input"
              type="radio"
              name="property_category"
              value={id}
              checked={category === id}
              onChange={() => choose(id)}
              aria-labelledby={`${idPrefix}-label-${id}`}
              aria-describedby={`${idPrefix}-hint-${id}`}
            />
            <CategoryIcon categoryId={id} className="category-card__icon" />
            <span id={`${idPrefix}-label-${id}`} className="category-card__label">
              {label}
            </span>
            <span id={`${idPrefix}-hint-${id}`} className="category-card__hint">
              {CATEGORY_HINTS[id]}
            </span>
          </label>
        ))}
      </div>
    </StepForm>
  );
}
