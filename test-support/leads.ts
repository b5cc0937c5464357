/**
 * The owner's request most service suites save: a multi-family property in Austin (every category
 * has three or more managers there in the seed), phone preferred, one answer. Tests that assert
 * what was stored or sent compare with these values.
 */
export const AUSTIN_LEAD = {
  property_category: 2,
  property_address: "415 W 6th St\nUnit 2",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Ellis",
  email_address: "jordan.ellis@example.org",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "",
  exam: [{ question: "How many units are in the building?", answer: "5-10 units" }],
};

/** The token at the end of a private page's path (`/requests/<token>`, `/proposals/<token>`). */
export const tokenOf = (pagePath: string) => pagePath.split("/").pop()!;
