/**
 * Where the end-to-end server of this run lives. E2E_PORT picks the port; the build folder and
 * the database follow it, so two runs (two people, or CI and a person) never share either.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DIST_DIR = `.next-e2e-${E2E_PORT}`;
export const E2E_DATABASE = `.data/e2e-${E2E_PORT}.db`;
/** Where the end-to-end server's outbox worker writes the messages it would send. */
export const E2E_OUTBOX_DIR = `.data/outbox-e2e-${E2E_PORT}`;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The end-to-end server's API_TOKEN: unlocks /healthz's details (the page store's size). */
export const E2E_API_TOKEN = `e2e-token-${E2E_PORT}-unlocks-health-details`;
