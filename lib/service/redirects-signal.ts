/**
 * How a change to the redirect rules reaches the production server's rule table. The workspace's
 * server actions run inside Next.js, in the same process as the server (lib/server/index.ts) but
 * in Next.js's own bundle, so the two meet on a process-wide symbol, as the page store does: the
 * server registers its listener at start (it reloads its table and tells the other instances
 * through Redis); under `next dev` or in a test nothing is registered and the signal is a no-op.
 * No "server-only" import: the production server, outside Next.js's bundler, imports this.
 */
const LISTENER = Symbol.for("managely.redirects-changed");

type WithListener = typeof globalThis & { [LISTENER]?: () => Promise<void> };

export function onRedirectsChanged(listener: (() => Promise<void>) | undefined): void {
  (globalThis as WithListener)[LISTENER] = listener;
}

/** Called after a rule change is committed; resolves once this instance's table is reloaded. */
export async function announceRedirectsChanged(): Promise<void> {
  await (globalThis as WithListener)[LISTENER]?.();
}
