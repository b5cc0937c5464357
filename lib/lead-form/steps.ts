/**
 * The five steps of the quote flow (spec sections 2.4 and 5): where each lives, what each needs
 * before the visitor may move on, and the first message to show when something is missing.
 * The browser checks emptiness only; formats (email, ZIP, phone) are the service's to judge.
 */
import { CATEGORY_IDS, type PropertyCategoryId } from "../site";
import type { LeadValues } from "./storage";

export const STEP_COUNT = 5;
export type StepNumber = 1 | 2 | 3 | 4 | 5;

export const STEP_PATHS: Record<StepNumber, string> = {
  1: "/search",
  2: "/search-two",
  3: "/search-three",
  4: "/search-four",
  5: "/preview",
};

export const VALIDATION_MESSAGES = {
  address: "Please enter address.",
  city: "Please enter city.",
  zip: "Please enter zip.",
  fullName: "Please enter full name.",
  email: "Please enter email address.",
  contactMethod: "Please select preferred contact method.",
  phone: "Please enter phone number.",
} as const;

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

/** Step 2: the first empty field's message, in the order of the form, or null. */
export function validateAddressStep(values: AddressFields): string | null {
  if (isBlank(values.property_address)) return VALIDATION_MESSAGES.address;
  if (isBlank(values.property_city)) return VALIDATION_MESSAGES.city;
  if (isBlank(values.property_zip)) return VALIDATION_MESSAGES.zip;
  return null;
}

/** Step 4: name, email, contact method, then the phone only when the method is Phone. */
export function validateContactStep(values: ContactFields): string | null {
  if (isBlank(values.full_name)) return VALIDATION_MESSAGES.fullName;
  if (isBlank(values.email_address)) return VALIDATION_MESSAGES.email;
  const method = parseContactMethod(values.preferred_contact_method);
  if (!method) return VALIDATION_MESSAGES.contactMethod;
  if (method === "Phone" && isBlank(values.phone_no)) return VALIDATION_MESSAGES.phone;
  return null;
}

/** The quote-guarantee modal: nothing is sent without a mobile number. */
export function validateGuaranteeMobile(mobile: string): string | null {
  return isBlank(mobile) ? VALIDATION_MESSAGES.phone : null;
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
