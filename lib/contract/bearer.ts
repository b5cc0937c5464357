/**
 * The bearer token of spec section 6: how it travels (`Authorization: Bearer <token>`), where the
 * browser keeps it (localStorage `token`), and how the service compares it. One module for the
 * three, imported by the clients and the service alike.
 */
export const TOKEN_STORAGE_KEY = "token";

export function bearerHeader(token: string): string {
  return `Bearer ${token}`;
}

/** The token of an Authorization header, or "" when there is none. */
export function parseBearer(header: string | null | undefined): string {
  return header && header.startsWith("Bearer ") ? header.slice(7).trim() : "";
}

/** Constant-time comparison, so the time taken does not reveal how much of a guess was right. */
export function tokensMatch(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < given.length; index++) difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}
