import { STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT } from "@/test-support";
import { answersOf, formatPhone, type LeadFacts } from "./message";
import { newLeadMessage } from "./render";

describe("a new request, to a manager", () => {
  /** The stored lead with nothing but what the form requires: no contact detail, price or answer. */
  const bare = {
    ...STORED_LEAD,
    property_category: 99,
    full_name: "",
    email_address: "",
    property_number: "",
    preferred_contact_method: "",
    price: "",
    exam: "[]",
    email_confirmed_at: null,
  } as unknown as LeadFacts;

  it("writes the property, the owner's details, their answers and their consent, and lets the manager reply to the owner", () => {
    const { email, event } = newLeadMessage(STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT, 3);
    expect(email).toEqual({
      to: "office@hillcountry.example.com",
      subject: "New request MG-4K7Q-2XRD: Multi Family in Austin 78701",
      replyTo: "jordan.ellis@example.org",
      text: [
        "Hello Hill Country Homes,",
        "",
        "An owner chose Hill Country Homes to receive their request for property management on Managely. 2 other managers received it too, as the owner was told.",
        "",
        "Reference: MG-4K7Q-2XRD",
        "Property type: Multi Family",
        "Address: 415 W 6th St, Unit 4, Austin 78701",
        "Named price (quote guarantee): $1800 a month",
        "",
        "Contact details: Email confirmed (the owner opened the link we emailed them, November 25, 2026 at 11:30 AM UTC)",
        "Name: Jordan Ellis",
        "Email: jordan.ellis@example.org",
        "Phone: (512) 555-0188",
        "Preferred contact method: Phone",
        "",
        "About the property:",
        "- Bedrooms? 3",
        "- Amenities? Pool, Garage",
        "",
        "The owner agreed to this when sending the request (November 25, 2026 at 10:00 AM UTC, consent version 2026-11-25):",
        '"Only Hill Country Homes…"',
        "",
        "Please contact the owner only about this request and pass their details to nobody. If the owner withdraws the request, we will tell you, and you must then delete their details.",
      ].join("\n"),
    });
    expect(event).toEqual({
      type: "lead.new",
      data: {
        reference: "MG-4K7Q-2XRD",
        agent_id: 7,
        company_name: "Hill Country Homes",
        submitted_at: "2026-11-25T10:00:00.000Z",
        property: { category_id: 2, category: "Multi Family", address: "415 W 6th St\n  Unit 4", city: "Austin", zip: "78701" },
        owner: { full_name: "Jordan Ellis", email_address: "jordan.ellis@example.org", phone: "5125550188", preferred_contact_method: "Phone" },
        named_price: 1800,
        verification: "email_confirmed",
        email_confirmed_at: "2026-11-25T11:30:00.000Z",
        answers: [
          { question: "Bedrooms?", answer: "3" },
          { question: "Amenities?", answer: "Pool, Garage" },
        ],
        consent: { version: "2026-11-25", text: "Only Hill Country Homes…", consented_at: "2026-11-25T10:00:00.000Z" },
      },
    });
  });

  it("says how many other managers received it: one, or nobody", () => {
    expect(newLeadMessage(STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT, 2).email.text).toContain(
      "on Managely. One other manager received it too, as the owner was told.\n",
    );
    expect(newLeadMessage(STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT, 1).email.text).toContain("on Managely. Nobody else received it.\n");
    expect(newLeadMessage(STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT, 0).email.text).toContain("on Managely. Nobody else received it.\n");
  });

  it("says what was not given, that a phone-only owner is not verified, and gives no reply-to, price or answers", () => {
    const { email, event } = newLeadMessage(bare, STORED_MANAGER, STORED_RECIPIENT, 1);
    expect(email).not.toHaveProperty("replyTo");
    expect(email.subject).toBe("New request MG-4K7Q-2XRD: Property in Austin 78701");
    expect(email.text.split("\n").slice(4, 14)).toEqual([
      "Reference: MG-4K7Q-2XRD",
      "Property type: Property",
      "Address: 415 W 6th St, Unit 4, Austin 78701",
      "",
      "Contact details: Phone not verified (no email address was given; nobody confirmed these details)",
      "Name: not given",
      "Email: not given",
      "Phone: not given",
      "",
      "The owner agreed to this when sending the request (November 25, 2026 at 10:00 AM UTC, consent version 2026-11-25):",
    ]);
    expect(event.data).toMatchObject({ named_price: null, verification: "phone_not_verified", email_confirmed_at: null, answers: [] });
  });

  it("says an email not confirmed when the owner gave one but never opened the link", () => {
    const unconfirmed = { ...bare, email_address: "jordan.ellis@example.org", email_confirmed_at: undefined } as unknown as LeadFacts;
    const { email, event } = newLeadMessage(unconfirmed, STORED_MANAGER, STORED_RECIPIENT, 1);
    expect(email.text).toContain("\nContact details: Email not confirmed\nName: not given\nEmail: jordan.ellis@example.org\n");
    expect(email.replyTo).toBe("jordan.ellis@example.org");
    expect(event.data).toMatchObject({ verification: "email_not_confirmed", email_confirmed_at: null });
  });
});

describe("what a message takes from the stored lead", () => {
  it("reads the owner's answers from the stored exam, leaving out what is not a question with an answer", () => {
    expect(answersOf(STORED_LEAD.exam)).toEqual([
      { question: "Bedrooms?", answer: "3" },
      { question: "Amenities?", answer: "Pool, Garage" },
    ]);
    expect(answersOf("not json")).toEqual([]);
    expect(answersOf('{"question":"Bedrooms?","answer":"3"}')).toEqual([]);
    expect(answersOf('[{"question":"Bedrooms?"}]')).toEqual([]);
  });

  it("writes a ten-digit phone number as (512) 555-0100 and leaves any other as it is", () => {
    expect(formatPhone("5125550100")).toBe("(512) 555-0100");
    expect(formatPhone("15125550100")).toBe("15125550100");
    expect(formatPhone("x5125550100")).toBe("x5125550100");
    expect(formatPhone("512555010")).toBe("512555010");
  });
});
