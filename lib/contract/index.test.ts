import { contract, isValidEmail } from ".";
import { FORMAT } from "./messages";

/** The first message the contract answers for `body` on `call` (what the visitor reads), or "ok". */
function verdict(call: keyof typeof contract, body: Record<string, unknown>): string {
  const parsed = contract[call].request.safeParse(body);
  return parsed.success ? "ok" : `${String(parsed.error.issues[0].path[0])}: ${parsed.error.issues[0].message}`;
}

const lead = {
  property_category: 2,
  property_address: "1200 Congress Avenue\nUnit 4",
  property_city: "Austin",
  property_zip: "78701",
  full_name: "Jordan Avery",
  email_address: "jordan.avery@example.org",
  property_number: "5125550147",
  preferred_contact_method: "Phone",
};
const guaranteeLead = { property_category: 2, property_address: "1200 Congress Avenue", property_city: "Austin", property_zip: "78701", property_number: "5125550147", price: 120 };
const application = { company_name: "Prairie Homes", email: "office@prairie.example", country_code: 1, mobile: "5125550100" };
const contactMessage = { name: "Riley Park", email: "riley@example.org", mobile: "5125550111", message: "Hello" };

describe("the email rule (rows M2 and L11)", () => {
  it.each([
    "jordan.avery@example.org",
    "Jordan.Avery+quotes@Example.ORG",
    "o'brien@mail.example.co.uk",
    "a_b-c@sub-domain.example.com",
    "x@xn--bcher-kva.example",
  ])("takes one plain address: %s", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ["a display name", "x1<victim@example.com>"],
    ["a display name with a space", "Jordan <jordan@example.org>"],
    ["angle brackets alone", "<jordan@example.org>"],
    ["a comment", "jordan(comment)@example.org"],
    ["a comment after", "jordan@example.org(comment)"],
    ["a quoted string", '"jordan avery"@example.org'],
    ["a quoted local part", '"jordan"@example.org'],
    ["a comma", "a,b@example.com"],
    ["a second address", "a@example.com,b@example.com"],
    ["a second address after a semicolon", "a@example.com;b@example.com"],
    ["a space", "jordan avery@example.org"],
    ["a line feed and a header", "jordan@example.org\nBcc: victim@example.com"],
    ["a carriage return", "jordan@exam\rple.org"],
    ["a tab", "jordan@\texample.org"],
    ["a NUL", "jordan\u0000@example.org"],
    ["a line separator", "jordan@example.org\u2028"],
    ["two @", "a@b@example.com"],
    ["a dot first", ".jordan@example.org"],
    ["two dots", "jordan..avery@example.org"],
    ["an address literal", "jordan@[127.0.0.1]"],
    ["no top-level part", "jordan@localhost"],
    ["a one-letter top-level part", "jordan@example.c"],
    ["a numeric top-level part", "jordan@10.0.0.1"],
    ["an empty label", "jordan@example..org"],
    ["a hyphen first in a label", "jordan@-example.org"],
    ["a backslash", "jor\\dan@example.org"],
    ["a colon", "mailto:jordan@example.org"],
  ])("refuses %s", (_what, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it("answers the spec's message for every such address on every call that takes one, and nothing else", () => {
    for (const address of ["x1<victim@example.com>", "a,b@example.com", '"x"@example.com', "a@example.com b@example.com", "a@example.com\r\nBcc: b@example.com"]) {
      expect(verdict("lead/save", { ...lead, email_address: address })).toBe(`email_address: ${FORMAT.email}`);
      expect(verdict("lead/save", { ...guaranteeLead, email_address: address })).toBe(`email_address: ${FORMAT.email}`);
      expect(verdict("agent/save", { ...application, email: address })).toBe(`email: ${FORMAT.email}`);
      expect(verdict("contact/save", { ...contactMessage, email: address })).toBe(`email: ${FORMAT.email}`);
      expect(verdict("newsletter/save", { email_address: address })).toBe(`email_address: ${FORMAT.email}`);
    }
  });

  it("checks a long address without a dot in linear time", () => {
    const started = performance.now();
    for (let i = 0; i < 200; i++) isValidEmail(`${"a".repeat(60)}@${"b".repeat(190)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("one-line fields (row L1)", () => {
  const oneLine: [keyof typeof contract, string, string, Record<string, unknown>][] = [
    ["lead/save", "property_city", "City", lead],
    ["lead/save", "full_name", "Full name", lead],
    ["lead/save", "property_zip", "ZIP code", lead],
    ["lead/save", "property_city", "City", guaranteeLead],
    ["agent/save", "company_name", "Company name", application],
    ["agent/save", "mobile", "Mobile number", application],
    ["contact/save", "name", "Full name", contactMessage],
    ["contact/save", "mobile", "Phone number", contactMessage],
  ];

  it.each(oneLine)("%s refuses a line break in %s, with a message naming the field", (call, field, label, body) => {
    for (const breaking of ["\n", "\r", "\r\n", "\u2028", "\u2029"]) {
      const value = `${String(body[field]).slice(0, 3)}${breaking}Bcc:x`;
      expect(verdict(call, { ...body, [field]: value })).toBe(`${field}: ${FORMAT.lineBreak(label)}`);
    }
    expect(verdict(call, { ...body, [field]: `${String(body[field]).slice(0, 3)}\tx` })).toBe(`${field}: ${FORMAT.controlCharacters(label)}`);
  });

  it("refuses a line break in the price, a link's token and a lookup", () => {
    expect(verdict("lead/save", { ...lead, property_price: "12\n00" })).toBe(`property_price: ${FORMAT.lineBreak("Property price")}`);
    expect(verdict("lead/withdraw", { token: "abc\ndef" })).toBe(`token: ${FORMAT.lineBreak("The link")}`);
    expect(verdict("agent/get", { agent_id: 1, city: "Austin\r\nX" })).toBe(`city: ${FORMAT.lineBreak("City")}`);
  });

  it("keeps line breaks (and tabs) in the fields typed on several lines: a message, an address, an answer", () => {
    expect(verdict("contact/save", { ...contactMessage, message: "Line one\r\nLine two\twith a tab" })).toBe("ok");
    expect(verdict("lead/save", { ...lead, property_address: "1200 Congress Avenue\r\nUnit 4" })).toBe("ok");
    expect(verdict("lead/save", { ...lead, exam: [{ question: "Anything else?", answer: "Two lines\nof answer" }] })).toBe("ok");
    expect(verdict("contact/save", { ...contactMessage, message: "a\u0000b" })).toBe(`message: ${FORMAT.controlCharacters("Message")}`);
  });

  it("a line break only at either end is trimmed away, not stored", () => {
    const parsed = contract["lead/save"].request.parse({ ...lead, property_city: "\nAustin\r\n" });
    expect(parsed.property_city).toBe("Austin");
  });
});
