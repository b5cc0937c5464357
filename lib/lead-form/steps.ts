/**
 * The five steps of the quote flow (spec sections 2.4 and 5): where each lives, what each needs
 * before the visitor may move on, and the first message to show when something is missing.
 * The browser checks emptiness only; formats (email, ZIP, phone) are the service's to judge.
 */
import { CATEGORY_IDS, type PropertyCategoryId } from "../contract/site";
import type { LeadKey, LeadValues } from "./storage";
import { REQUIRED } from "../contract/messages";

export const STEP_COUNT = 5;
export type StepNumber = 1 | 2 | 3 | 4 | 5;


export const CONTACT_METHODS = ["Email", "Phone"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

const isBlank = (value: string) => value.trim() === "";

export function parseCategory(value: string): PropertyCategoryId | null {
  const id = Number(value);
  return value.trim() !== "" && (CATEGORY_IDS as number[]).includes(id) ? (id as PropertyCategoryId) : null;
}

export function parseContactMethod(value: string): ContactMethod | null {
  return (CONTACT_METHODS as readonly string[]).includes(value) ? (value as ContactMethod) : null;
}

type AddressFields = Pick<LeadValues, "property_address" | "property_city" | "property_zip">;
type ContactFields = Pick<LeadValues, "full_name" | "email_address" | "preferred_contact_method" | "phone_no">;

/** What is missing: the message for the "Error!" dialog and the field (its storage key) to fix. */
export type StepProblem = { field: LeadKey; message: string };

/** Step 2: the first empty field, in the order of the form, or null. */
export function validateAddressStep(values: AddressFields): StepProblem | null {
  if (isBlank(values.property_address)) return { field: "property_address", message: REQUIRED.address };
  if (isBlank(values.property_city)) return { field: "property_city", message: REQUIRED.city };
  if (isBlank(values.property_zip)) return { field: "property_zip", message: REQUIRED.zip };
  return null;
}

/** Step 4: name, email, contact method, then the phone only when the method is Phone. */
export function validateContactStep(values: ContactFields): StepProblem | null {
  if (isBlank(values.full_name)) return { field: "full_name", message: REQUIRED.fullName };
  if (isBlank(values.email_address)) return { field: "email_address", message: REQUIRED.email };
  const method = parseContactMethod(values.preferred_contact_method);
  if (!method) return { field: "preferred_contact_method", message: REQUIRED.contactMethod };
  if (method === "Phone" && isBlank(values.phone_no)) return { field: "phone_no", message: REQUIRED.phone };
  return null;
}

/**
 * The step where each field of a lead/save request is entered, so that a field the service
 * refuses can be pointed at from the review step (its Edit link).
 */
const STEP_OF_LEAD_FIELD: Record<string, StepNumber> = {
  property_category: 1,
  property_address: 2,
  property_city: 2,
  property_zip: 2,
  exam: 3,
  full_name: 4,
  email_address: 4,
  property_number: 4,
  preferred_contact_method: 4,
};

export function stepOfLeadField(field: string): StepNumber | undefined {
  return Object.hasOwn(STEP_OF_LEAD_FIELD, field) ? STEP_OF_LEAD_FIELD[field] : undefined;
}

/** The quote-guarantee modal: nothing is sent without a mobile number. */
export function validateGuaranteeMobile(mobile: string): string | null {
  return isBlank(mobile) ? REQUIRED.phone : null;
}

/** Whether the stored values hold what a step asks for. Step 3's questions are all optional. */
export function isStepComplete(step: StepNumber, values: LeadValues): boolean {
  switch (step) {
    case 1:
      return parseCategory(values.property_category) !== null;
    case 2:
      return validateAddressStep(values) === null;
    case 3:
      return true;
    case 4:
      return validateContactStep(values) === null;
    case 5:
      return true;
  }
}

/**
 * The first step before `step` whose data is missing, or null when the visitor may stay: a
 * later step opened directly (a bookmark, a shared link, a cleared storage) sends the visitor
 * back to where the flow is incomplete.
 */
export function firstIncompleteStepBefore(step: StepNumber, values: LeadValues): StepNumber | null {
  for (let earlier = 1; earlier < step; earlier++) {
    if (!isStepComplete(earlier as StepNumber, values)) return earlier as StepNumber;
  }
  return null;
}
