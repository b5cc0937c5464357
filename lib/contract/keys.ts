import crypto from "node:crypto";
import net from "node:net";

/**
 * Who a limit counts: a client as networks see it, a mailbox as mail servers deliver
 * to it. Every cap of the service keys its callers through these two functions, so an IPv6 client
 * cannot pick a new address per request and `victim+1@…` … `victim+20@…` are one mailbox.
 */

/**
 * How much of an IPv6 address names one subscriber unless configured (RATE_LIMIT_IPV6_PREFIX):
 * ISPs hand a household a /56 (often a /48), and every /64 in it is the subscriber's to use, so a
 * /64 key would give one client 256 budgets or more.
 */
export const DEFAULT_IPV6_PREFIX = 56;

/**
 * The network a client address belongs to: an IPv4 address itself (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address's prefix of `ipv6Prefix` bits (the block one
 * subscriber is handed and picks addresses from at will). Anything else (a test's name, an
 * unknown socket) is kept as it is.
 */
export function clientNetwork(address: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  const bare = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return address;
  const bits = Math.min(128, Math.max(0, Math.trunc(ipv6Prefix)));
  const value = expandIpv6(bare).reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n);
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(128 - bits);
  const masked = value & mask;
  const groups = Array.from({ length: 8 }, (_, index) => ((masked >> BigInt(112 - index * 16)) & 0xffffn).toString(16).padStart(4, "0"));
  return `${groups.join(":")}/${bits}`;
}

/** The eight groups of an IPv6 address, each as four lower-case hex digits. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 here) as two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => group.padStart(4, "0"));
}

/** Mail domains that ignore dots in the local part and deliver to one mailbox (Gmail's own rule). */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The mailbox an address delivers to: lower case, the `+tag` of the local part removed, and for
 * Gmail the dots too (`J.Doe+quotes@GoogleMail.com` is `jdoe@gmail.com`).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).replace(/\+.*$/, "");
  let domain = address.slice(at + 1);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    local = local.replace(/\./g, "");
    domain = dotless;
  }
  return `${local || address.slice(0, at)}@${domain}`;
}

/** A mailbox as the database keeps it for counting and confirming: a hash, never the address in clear. */
export function mailboxKey(email: string): string {
  return crypto.createHash("sha256").update(mailboxOf(email)).digest("hex").slice(0, 32);
}
