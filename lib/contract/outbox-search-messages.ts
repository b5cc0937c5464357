/** What `outbox/search` answers a caller it refuses (lib/contract/outbox-search.ts). */
export const OUTBOX_SEARCH = {
  tokenRequired: "Reading the outbox needs the bearer token (API_TOKEN).",
  searchLength: "The search must be 3 to 200 characters.",
  limit: "The limit must be a whole number from 1 to 50.",
} as const;
