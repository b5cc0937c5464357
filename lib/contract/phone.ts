import { PHONE_MAX_LENGTH } from "./site";

/**
 * Phone numbers, for the service and the browser alike (plain functions, no zod): the service
 * stores and checks the digits, and every phone field keeps only what the service would store.
 */

/** The digits of a phone number; a leading US country code 1 is dropped when more than 10 remain. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length > PHONE_MAX_LENGTH && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * What a phone field keeps of what was typed, pasted or autofilled: "(512) 555-0142" and
 * "+1 512 555 0142" both become "5125550142", and never more than 10 characters (spec 2.4).
 */
export function phoneFieldValue(value: string): string {
  return phoneDigits(value).slice(0, PHONE_MAX_LENGTH);
}
