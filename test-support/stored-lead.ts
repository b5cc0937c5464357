import type { LeadFacts } from "../lib/service/delivery/message";

/**
 * A lead as the database holds it, for the message writers: every detail given, the email
 * confirmed, a named price, and stored answers of every shape (two that say something, four that
 * do not).
 */
export const STORED_LEAD = {
  reference: "MG-4K7Q-2XRD",
  property_category: 2,
  property_address: "415 W 6th St\n  Unit 4",
  property_city: "Austin",
  property_zip: "78701",
  full_name: "Jordan Ellis",
  email_address: "jordan.ellis@example.org",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "1800",
  exam: JSON.stringify([
    { question: "Bedrooms?", answer: "3" },
    { question: "Amenities?", answer: ["Pool", "Garage"] },
    { question: "Empty?", answer: " " },
    { question: 5, answer: "not a question" },
    null,
    { question: "Number?", answer: 4 },
  ]),
  created_at: "2026-11-25T10:00:00.000Z",
  withdrawn_at: null,
  email_confirmed_at: "2026-11-25T11:30:00.000Z",
} as unknown as LeadFacts;

/** The manager STORED_LEAD went to, and the consent its owner gave to it. */
export const STORED_MANAGER = { id: 7, company_name: "Hill Country Homes", email: "office@hillcountry.example.com" };
export const STORED_RECIPIENT = { agent_id: 7, company_name: "Hill Country Homes", consent_version: "2026-11-25", consent_text: "Only Hill Country Homes…", consented_at: "2026-11-25T10:00:00.000Z" };
