/** What `e2e/cleanup` answers a caller it refuses (lib/contract/e2e-cleanup.ts). */
export const E2E_CLEANUP = {
  tokenRequired: "Removing a test run's records needs the bearer token (API_TOKEN).",
  domainRequired: "Name the domain of the test run's email addresses (E2E_EMAIL_DOMAIN).",
  domainInvalid: "The domain must be a domain name, such as example.org.",
} as const;
