/**
 * The ZIP code rule, without zod so the browser can use it (quote step 2 looks a ZIP code up as
 * soon as it is complete): five digits, or ZIP+4.
 */
const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const isValidZip = (value: string) => ZIP_PATTERN.test(value);

/** The five-digit ZIP code of a valid ZIP or ZIP+4. */
export const zipFive = (value: string) => value.slice(0, 5);
