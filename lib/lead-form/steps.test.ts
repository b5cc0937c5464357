import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import type { LeadValues } from "./storage";
import { firstIncompleteStepBefore, isStepComplete, parseCategory, parseContactMethod, stepOfLeadField, validateAddressStep, validateContactStep, validateGuaranteeMobile } from "./steps";
import { STEP_PATHS } from "../contract/routes";

const EMPTY: LeadValues = {
  property_category: "",
  property_address: "",
  property_city: "",
  property_zip: "",
  property_price: "",
  full_name: "",
  email_address: "",
  phone_no: "",
  preferred_contact_method: "",
  question_answer: "",
};

const THROUGH_STEP_2: LeadValues = {
  ...EMPTY,
  property_category: "2",
  property_address: "12 Elm St",
  property_city: "Austin",
  property_zip: "78701",
};

const THROUGH_STEP_4: LeadValues = {
  ...THROUGH_STEP_2,
  property_price: "300",
  full_name: "Ada Owner",
  email_address: "ada@example.com",
  preferred_contact_method: "Email",
};

/** The app's page file that answers a static address (route groups, in brackets, are not part of a URL). */
function pageServing(address: string): string | null {
  const app = path.join(process.cwd(), "app");
  const pages = fs.readdirSync(app, { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)page\.tsx$/.test(file));
  const route = (file: string) => `/${file.split("/").slice(0, -1).filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`;
  const found = pages.find((file) => route(file) === address);
  return found ? path.join(app, found) : null;
}

describe("step routes", () => {
  it.each(Object.entries(STEP_PATHS))("serve step %s at its address: the page there renders that step", (step, address) => {
    const page = pageServing(address);
    expect(page).not.toBeNull();
    expect(fs.readFileSync(page!, "utf8")).toMatch(new RegExp(`<QuoteFrame[^>]*\\sstep=\\{${step}\\}`));
  });

  it("send the old fifth address to step 5, /preview (spec 2.1)", async () => {
    const { default: config } = await import("../../next.config");
    expect(await config.redirects?.()).toContainEqual({ source: "/search-five", destination: STEP_PATHS[5], permanent: true });
  });
});

describe("step 2: address, city, zip", () => {
  it.each([
    [{ property_address: "", property_city: "", property_zip: "" }, "Please enter address.", "property_address"],
    [{ property_address: "12 Elm St", property_city: "", property_zip: "" }, "Please enter city.", "property_city"],
    [{ property_address: "", property_city: "Austin", property_zip: "78701" }, "Please enter address.", "property_address"],
    [{ property_address: "12 Elm St", property_city: "Austin", property_zip: "" }, "Please enter zip.", "property_zip"],
    [{ property_address: "12 Elm St", property_city: "", property_zip: "78701" }, "Please enter city.", "property_city"],
  ])("reports only the first empty field, and which one it is (%p)", (values, message, field) => {
    expect(validateAddressStep(values)).toEqual({ message, field });
  });

  it("counts blank text as empty and checks nothing but emptiness", () => {
    expect(validateAddressStep({ property_address: "   ", property_city: "Austin", property_zip: "1" })?.message).toBe("Please enter address.");
    expect(validateAddressStep({ property_address: "x", property_city: "y", property_zip: "abc" })).toBeNull();
  });
});

describe("step 4: contact details", () => {
  const filled = { full_name: "Ada Owner", email_address: "ada@example.com", preferred_contact_method: "Email", phone_no: "" };

  it("checks name, then email, then contact method, first failure only", () => {
    expect(validateContactStep({ full_name: "", email_address: "", preferred_contact_method: "", phone_no: "" })).toEqual({
      field: "full_name",
      message: "Please enter full name.",
    });
    expect(validateContactStep({ ...filled, email_address: "", preferred_contact_method: "" })).toEqual({
      field: "email_address",
      message: "Please enter email address.",
    });
    expect(validateContactStep({ ...filled, preferred_contact_method: "" })).toEqual({
      field: "preferred_contact_method",
      message: "Please select preferred contact method.",
    });
    expect(validateContactStep({ ...filled, preferred_contact_method: "Select" })?.message).toBe("Please select preferred contact method.");
  });

  it("asks for a phone number only when the method is Phone", () => {
    expect(validateContactStep(filled)).toBeNull();
    expect(validateContactStep({ ...filled, preferred_contact_method: "Phone" })).toEqual({ field: "phone_no", message: "Please enter phone number." });
    expect(validateContactStep({ ...filled, preferred_contact_method: "Phone", phone_no: " " })?.message).toBe("Please enter phone number.");
    expect(validateContactStep({ ...filled, preferred_contact_method: "Phone", phone_no: "5125550100" })).toBeNull();
  });

  it("never checks formats: the service does", () => {
    expect(validateContactStep({ ...filled, email_address: "not an email", preferred_contact_method: "Phone", phone_no: "12" })).toBeNull();
  });
});

describe("quote-guarantee modal", () => {
  it("needs a mobile number and nothing else", () => {
    expect(validateGuaranteeMobile("")).toBe("Please enter phone number.");
    expect(validateGuaranteeMobile("  ")).toBe("Please enter phone number.");
    expect(validateGuaranteeMobile("5125550100")).toBeNull();
  });
});

describe("the step of each lead/save field", () => {
  it("points the service's fields at the step where they are entered", () => {
    expect(["property_category", "property_zip", "exam", "property_number", "preferred_contact_method"].map(stepOfLeadField)).toEqual([1, 2, 3, 4, 4]);
    expect(stepOfLeadField("submission_key")).toBeUndefined();
    expect(stepOfLeadField("toString")).toBeUndefined();
  });
});

describe("parsing stored values", () => {
  it("knows the four category codes of spec section 3", () => {
    expect(["1", "2", "3", "8"].map(parseCategory)).toEqual([1, 2, 3, 8]);
    expect(["", "0", "4", "1.5", "x", " "].map(parseCategory)).toEqual([null, null, null, null, null, null]);
  });

  it("knows the two contact methods", () => {
    expect(parseContactMethod("Email")).toBe("Email");
    expect(parseContactMethod("Phone")).toBe("Phone");
    expect(parseContactMethod("Select")).toBeNull();
    expect(parseContactMethod("")).toBeNull();
  });
});

describe("the first incomplete step", () => {
  it("lets anyone open step 1", () => {
    expect(firstIncompleteStepBefore(1, EMPTY)).toBeNull();
  });

  it("sends a visitor without a category to step 1", () => {
    expect(firstIncompleteStepBefore(2, EMPTY)).toBe(1);
    expect(firstIncompleteStepBefore(3, { ...THROUGH_STEP_2, property_category: "" })).toBe(1);
    expect(firstIncompleteStepBefore(5, { ...THROUGH_STEP_4, property_category: "9" })).toBe(1);
  });

  it("sends a visitor without the full address to step 2 from steps 3, 4 and 5", () => {
    const noZip = { ...THROUGH_STEP_4, property_zip: "" };
    expect(firstIncompleteStepBefore(2, noZip)).toBeNull();
    expect(firstIncompleteStepBefore(3, noZip)).toBe(2);
    expect(firstIncompleteStepBefore(4, noZip)).toBe(2);
    expect(firstIncompleteStepBefore(5, noZip)).toBe(2);
  });

  it("never stops at step 3: every question is optional", () => {
    expect(isStepComplete(3, EMPTY)).toBe(true);
    expect(firstIncompleteStepBefore(4, THROUGH_STEP_2)).toBeNull();
  });

  it("sends a visitor without contact details from the preview to step 4", () => {
    expect(firstIncompleteStepBefore(5, THROUGH_STEP_2)).toBe(4);
    expect(firstIncompleteStepBefore(5, { ...THROUGH_STEP_4, preferred_contact_method: "Phone" })).toBe(4);
    expect(firstIncompleteStepBefore(5, { ...THROUGH_STEP_4, preferred_contact_method: "Phone", phone_no: "5125550100" })).toBeNull();
    expect(firstIncompleteStepBefore(5, THROUGH_STEP_4)).toBeNull();
  });
});
