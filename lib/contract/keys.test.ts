import fc from "fast-check";
import { clientNetwork, mailboxKey, mailboxOf } from "./keys";

describe("a client as networks see it", () => {
  it("keys an IPv6 address by its /56 unless told otherwise, however it is written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:0db8:0001:0000:0000:0000:0000:0000/56");
    expect(clientNetwork("2001:DB8:1:2ff:aaaa:bbbb:cccc:1e")).toBe("2001:0db8:0001:0200:0000:0000:0000:0000/56");
    expect(clientNetwork("[2001:db8:1:2::1e%eth0]")).toBe(clientNetwork("2001:db8:1:2::1"));
    expect(clientNetwork("2001:db8:1:100::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
    expect(clientNetwork("::1")).toBe("0000:0000:0000:0000:0000:0000:0000:0000/56");
    expect(clientNetwork("64:ff9b::192.0.2.33")).toBe("0064:ff9b:0000:0000:0000:0000:0000:0000/56");
    expect(clientNetwork("2001:db8:1:2::1", 64)).toBe("2001:0db8:0001:0002:0000:0000:0000:0000/64");
    expect(clientNetwork("2001:db8:1:2::1", 48)).toBe("2001:0db8:0001:0000:0000:0000:0000:0000/48");
  });

  /** Eight groups of 16 bits, written in any of the ways an address may be (full, compressed, mixed case). */
  const ipv6 = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
  const written = (groups: number[], style: number) => {
    const hex = groups.map((group) => group.toString(16));
    if (style === 0) return hex.join(":");
    if (style === 1) return hex.join(":").toUpperCase();
    // Compress the longest run of zero groups, as an address is usually written.
    let best = { start: -1, length: 0 };
    for (let start = 0; start < 8; start++) {
      let length = 0;
      while (start + length < 8 && groups[start + length] === 0) length++;
      if (length > best.length) best = { start, length };
    }
    if (best.length < 2) return `[${hex.join(":")}]`;
    return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
  };

  it("gives every address of one /56 the same key, and addresses of two /56s two keys (generated addresses)", () => {
    fc.assert(
      fc.property(ipv6, ipv6, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (a, b, styleA, styleB) => {
        // b shares a's first 56 bits (the first three groups and the high byte of the fourth).
        const sibling = [...a.slice(0, 3), (a[3] & 0xff00) | (b[3] & 0xff), ...b.slice(4)];
        expect(clientNetwork(written(sibling, styleB))).toBe(clientNetwork(written(a, styleA)));
        const samePrefix = a.slice(0, 3).every((group, index) => group === b[index]) && (a[3] & 0xff00) === (b[3] & 0xff00);
        expect(clientNetwork(written(b, styleB)) === clientNetwork(written(a, styleA))).toBe(samePrefix);
      }),
      { numRuns: 500 },
    );
  });

  it("keys by the configured prefix: addresses that differ only after it are one client, before it two", () => {
    fc.assert(
      fc.property(ipv6, fc.integer({ min: 32, max: 127 }), (groups, prefix) => {
        const value = groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
        const toText = (bits: bigint) => Array.from({ length: 8 }, (_, index) => ((bits >> BigInt(112 - index * 16)) & 0xffffn).toString(16)).join(":");
        const lastBitInPrefix = 1n << BigInt(128 - prefix);
        const firstBitAfter = lastBitInPrefix >> 1n;
        expect(clientNetwork(toText(value ^ firstBitAfter), prefix)).toBe(clientNetwork(toText(value), prefix));
        expect(clientNetwork(toText(value ^ lastBitInPrefix), prefix)).not.toBe(clientNetwork(toText(value), prefix));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps an IPv4 address as it is, also when written as an IPv4-mapped IPv6 address", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("198.51.100.8")).not.toBe(clientNetwork("198.51.100.7"));
  });

  it("keeps anything else as it is", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});

describe("a mailbox, not a string (N4)", () => {
  it("removes case, spaces and the +tag", () => {
    expect(mailboxOf(" Victim+1@Example.org ")).toBe("victim@example.org");
    expect(mailboxOf("victim+a+b@example.org")).toBe("victim@example.org");
    // Dots count outside Gmail.
    expect(mailboxOf("v.ictim@example.org")).toBe("v.ictim@example.org");
  });

  it("removes Gmail's dots, and googlemail.com is gmail.com", () => {
    expect(mailboxOf("J.Doe+quotes@GoogleMail.com")).toBe("jdoe@gmail.com");
    expect(mailboxOf("j.d.o.e@gmail.com")).toBe("jdoe@gmail.com");
  });

  it("keeps a local part that is only a tag, and hashes the mailbox", () => {
    expect(mailboxOf("+tag@example.org")).toBe("+tag@example.org");
    expect(mailboxKey("Victim+7@example.org")).toBe(mailboxKey("victim@example.org"));
    expect(mailboxKey("victim@example.org")).toMatch(/^[0-9a-f]{32}$/);
  });
});
