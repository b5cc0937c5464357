import { clientKey, clientNetwork, mailboxKey, mailboxOf } from "./keys";

describe("a client as networks see it (issue 26, N3)", () => {
  it("keys an IPv6 address by its /64, however it is written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientNetwork("2001:DB8:1:2:aaaa:bbbb:cccc:1e")).toBe("2001:0db8:0001:0002::/64");
    expect(clientNetwork("[2001:db8:1:2::1e%eth0]")).toBe("2001:0db8:0001:0002::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
    expect(clientNetwork("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientNetwork("64:ff9b::192.0.2.33")).toBe("0064:ff9b:0000:0000::/64");
  });

  it("keeps an IPv4 address as it is, also when written as an IPv4-mapped IPv6 address", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("198.51.100.8")).not.toBe(clientNetwork("198.51.100.7"));
  });

  it("keeps anything else as it is, and hashes what it stores", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
    expect(clientKey("2001:db8:1:2::1")).toBe(clientKey("2001:db8:1:2::ffff"));
    expect(clientKey("2001:db8:1:2::1")).toMatch(/^[0-9a-f]{32}$/);
    expect(clientKey("2001:db8:1:2::1")).not.toContain("2001");
  });
});

describe("a mailbox, not a string (issue 26, N4)", () => {
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
