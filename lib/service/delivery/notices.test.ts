import { STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT } from "@/test-support";
import type { LeadFacts } from "./message";
import { contactMessage, matchAvailableMessage, newsletterConfirmationMessage, staffSignInMessage, withdrawnMessage } from "./render";

describe("a withdrawal, a match, a profile's message, the newsletter's and a staff member's links", () => {
  const siteUrl = "https://www.managely.test";

  it("tells a manager the owner withdrew, and when the request was sent to them if known", () => {
    const withdrawn = { ...STORED_LEAD, withdrawn_at: "2026-11-26T09:00:00.000Z" } as LeadFacts;
    const body = "\n\nPlease delete the owner's name, email, phone number and address, and do not contact them about this request. We have erased them on our side.";
    expect(withdrawnMessage(withdrawn, STORED_MANAGER, STORED_RECIPIENT)).toEqual({
      email: {
        to: "office@hillcountry.example.com",
        subject: "Request MG-4K7Q-2XRD withdrawn",
        text: `Hello Hill Country Homes,\n\nThe owner withdrew request MG-4K7Q-2XRD (Multi Family in Austin 78701) sent to you on November 25, 2026 at 10:00 AM UTC.${body}`,
      },
      event: { type: "lead.withdrawn", data: { reference: "MG-4K7Q-2XRD", agent_id: 7, withdrawn_at: "2026-11-26T09:00:00.000Z" } },
    });
    expect(withdrawnMessage(withdrawn, STORED_MANAGER, undefined).email.text).toBe(
      `Hello Hill Country Homes,\n\nThe owner withdrew request MG-4K7Q-2XRD (Multi Family in Austin 78701).${body}`,
    );
  });

  it("tells an owner a manager now serves their ZIP, or how many do", () => {
    const text = (managers: string) =>
      [
        "Hello,",
        "",
        `When you sent request MG-4K7Q-2XRD, no property manager served ZIP 78701 for Multi Family properties. ${managers} now.`,
        "",
        "Choose who receives your request on its private page (nobody receives it until you choose):",
        "https://www.managely.test/requests/T",
      ].join("\n");
    expect(matchAvailableMessage(STORED_LEAD, { siteUrl, token: "T", managers: 1 })).toEqual({
      email: { to: "jordan.ellis@example.org", subject: "A property manager now serves ZIP 78701", text: text("One does") },
      event: { type: "lead.match_available", data: { reference: "MG-4K7Q-2XRD" } },
    });
    expect(matchAvailableMessage(STORED_LEAD, { siteUrl, token: "T", managers: 3 }).email.text).toBe(text("3 do"));
  });

  it("passes a profile's message to its manager, with the sender's phone when given", () => {
    const contact = { name: "Sam", email: "sam@example.org", mobile: "5125550100", message: "Hi\nthere", created_at: "2026-11-25T10:00:00.000Z" };
    const text = (phone: string[]) =>
      [
        "Hello Hill Country Homes,",
        "",
        "Sam sent you a message through your profile on Managely:",
        "",
        "Hi\nthere",
        "",
        "Name: Sam",
        "Email: sam@example.org",
        ...phone,
        "",
        "Reply to this email to answer them. Please use their details only to answer this message.",
      ].join("\n");
    expect(contactMessage(contact, STORED_MANAGER)).toEqual({
      email: { to: "office@hillcountry.example.com", subject: "Message from Sam through Managely", text: text(["Phone: (512) 555-0100"]), replyTo: "sam@example.org" },
      event: {
        type: "contact.message",
        data: { agent_id: 7, name: "Sam", email: "sam@example.org", phone: "5125550100", message: "Hi\nthere", sent_at: "2026-11-25T10:00:00.000Z" },
      },
    });
    expect(contactMessage({ ...contact, mobile: "" }, STORED_MANAGER).email.text).toBe(text([]));
  });

  it("sends the newsletter's confirmation link and a staff member's sign-in link", () => {
    expect(newsletterConfirmationMessage("reader@example.org", { siteUrl, token: "T" })).toEqual({
      email: {
        to: "reader@example.org",
        subject: "Confirm your Managely newsletter subscription",
        text: [
          "Hello,",
          "",
          "Please confirm that you want the Managely newsletter at this address by opening this link:",
          "https://www.managely.test/newsletter/confirm/T",
          "",
          "If you did not ask for it, ignore this email: without your confirmation nothing more is sent.",
        ].join("\n"),
      },
      event: { type: "newsletter.confirmation", data: {} },
    });
    expect(staffSignInMessage("staff@example.org", { siteUrl, token: "T" })).toEqual({
      email: {
        to: "staff@example.org",
        subject: "Sign in to the Managely workspace",
        text: [
          "Hello,",
          "",
          'Open this link to sign in to the Managely workspace, then press "Sign in" on the page it opens:',
          "https://www.managely.test/workspace/sign-in/T",
          "",
          "The link works once, within 15 minutes. If you did not ask for it, ignore this email: nobody can sign in without opening it.",
        ].join("\n"),
      },
      event: { type: "staff.sign_in", data: {} },
    });
  });
});
