import { test } from "@playwright/test";
import { E2E_API_TOKEN, E2E_BASE_URL, E2E_REMOTE_URL } from "./server";

/**
 * A journey step that needs this machine's own build (its database, its outbox folder, its
 * server's token or files): against a site started elsewhere (E2E_BASE_URL) the test stops here
 * as skipped, with the reason in the report.
 */
export function onlyOnTheLocalBuild(what: string): void {
  test.skip(Boolean(E2E_REMOTE_URL), `${what}: only on the run's own build, not against E2E_BASE_URL (${E2E_REMOTE_URL})`);
}

/**
 * A step that sends the site's bearer token (its mail through outbox/search, /healthz's details):
 * the run's own server's token, or a deployment's given as E2E_API_TOKEN; without it the test
 * stops here as skipped, saying so.
 */
export function needsTheApiToken(what: string): void {
  test.skip(!E2E_API_TOKEN, `${what}: set E2E_API_TOKEN to the API_TOKEN of ${E2E_BASE_URL}`);
}
