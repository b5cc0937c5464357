import { NO_STORE_HEADERS } from "../contract/cache-policy";

/**
 * The security headers every response carries, whichever layer made it (a page, a 304 from the
 * page copy, a redirect, a static file, an API answer, an error). The production server sets
 * them; next.config.ts sets the same list for `next dev`.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [name: string, value: string]> = [
  ["strict-transport-security", "max-age=63072000; includeSubDomains; preload"],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
  ["x-frame-options", "DENY"],
  ["cross-origin-opener-policy", "same-origin"],
];

/**
 * What a private page adds (an owner's request page, a confirmation link: the token in the path
 * is the only key to it): never kept by a cache, never sent on as a referrer, not even its origin.
 */
export const PRIVATE_PAGE_HEADERS: ReadonlyArray<readonly [name: string, value: string]> = [
  ...Object.entries(NO_STORE_HEADERS),
  ["referrer-policy", "no-referrer"],
];
