/**
 * How long a manager's sign-in link and session last, and how many links a listing is sent
 * (docs/self-service.md). Apart from lib/contract/listing-self-service.ts so that the words
 * (listing-messages.ts), which the pages' forms send to the browser, bring no zod with them.
 */

/** How long a mailed link works, and how long a session lasts. */
export const LISTING_LINK_MINUTES = 30;
export const LISTING_SESSION_HOURS = 8;
/** Links one listing is sent an hour: past that, nothing is sent and the answer stays the same. */
export const LISTING_LINKS_PER_HOUR = 3;
