/** @jest-environment jsdom */
import { describe, expect, it, beforeEach, jest } from "@jest/globals";
import { contract } from "../contract";
import { TOKEN_STORAGE_KEY } from "../contract/bearer";
import { readToken } from "../api/browser";
import {
  GUARANTEE_SUBMISSION_KEY,
  LEAD_KEYS,
  LEAD_RECEIPT_KEY,
  SELECTED_AGENTS_KEY,
  SUBMISSION_KEY,
  clearLeadForm,
  guaranteeSubmissionKey,
  readAnswers,
  readLeadValue,
  readLeadReceipt,
  readLeadValues,
  readSelectedAgents,
  saveAnswers,
  saveLeadReceipt,
  saveSelectedAgents,
  saveLeadValue,
  saveLeadValues,
  submissionKey,
  forgetSubmissionKey,
  type LeadKey,
} from "./storage";

const SPEC_KEYS = [
  "property_category",
  "property_address",
  "property_city",
  "property_zip",
  "property_price",
  "full_name",
  "email_address",
  "phone_no",
  "preferred_contact_method",
  "question_answer",
];

/** A complete in-progress lead, as the five steps leave it. */
function fillEveryKey() {
  for (const key of LEAD_KEYS) saveLeadValue(key, `value of ${key}`);
  submissionKey();
  guaranteeSubmissionKey();
  saveSelectedAgents([12, 40]);
  localStorage.setItem(TOKEN_STORAGE_KEY, "bearer-token");
  localStorage.setItem("unrelated", "kept");
}

beforeEach(() => localStorage.clear());

describe("lead keys", () => {
  it("are exactly the ten keys of spec section 3", () => {
    expect([...LEAD_KEYS].sort()).toEqual([...SPEC_KEYS].sort());
  });

  it.each(SPEC_KEYS)("stores %s as a string under its own name", (key) => {
    saveLeadValue(key as LeadKey, "42");
    expect(localStorage.getItem(key)).toBe("42");
    expect(readLeadValue(key as LeadKey)).toBe("42");
  });

  it("reads a missing key as an empty string", () => {
    expect(readLeadValue("property_zip")).toBe("");
    expect(readLeadValues()).toEqual(Object.fromEntries(SPEC_KEYS.map((key) => [key, ""])));
  });

  it("saves several values at once and leaves the others alone", () => {
    saveLeadValue("full_name", "Ada Owner");
    saveLeadValues({ property_address: "12 Elm St", property_city: "Austin", property_zip: "78701" });
    expect(readLeadValues()).toMatchObject({
      full_name: "Ada Owner",
      property_address: "12 Elm St",
      property_city: "Austin",
      property_zip: "78701",
      phone_no: "",
    });
  });
});

describe("question_answer", () => {
  it("is a JSON list of { question, answer } with text or a list of choices", () => {
    const answers = [
      { question: "How many bedrooms?", answer: "3 bedrooms" },
      { question: "Which services?", answer: ["Rent collection", "Inspections"] },
      { question: "Anything else?", answer: "" },
    ];
    saveAnswers(answers);
    expect(JSON.parse(localStorage.getItem("question_answer") ?? "")).toEqual(answers);
    expect(readAnswers()).toEqual(answers);
  });

  it("reads nothing, unreadable JSON or a non-list as no answers", () => {
    expect(readAnswers()).toEqual([]);
    localStorage.setItem("question_answer", "{not json");
    expect(readAnswers()).toEqual([]);
    localStorage.setItem("question_answer", JSON.stringify({ question: "q", answer: "a" }));
    expect(readAnswers()).toEqual([]);
  });

  it("drops entries that are not { question: string, answer: string | string[] }", () => {
    localStorage.setItem(
      "question_answer",
      JSON.stringify([
        { question: "kept", answer: "yes" },
        { question: "bad answer", answer: 3 },
        { question: "bad list", answer: ["a", 1] },
        { answer: "no question" },
        null,
        "text",
      ]),
    );
    expect(readAnswers()).toEqual([{ question: "kept", answer: "yes" }]);
  });
});

describe("clearing rules", () => {
  it("clears every lead value, phone_no included, and both submission keys (home, thank-you, and the pages that clear the lead values)", () => {
    fillEveryKey();
    clearLeadForm();
    for (const key of SPEC_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(SELECTED_AGENTS_KEY)).toBeNull();
    expect(localStorage.getItem(SUBMISSION_KEY)).toBeNull();
    expect(localStorage.getItem(GUARANTEE_SUBMISSION_KEY)).toBeNull();
  });

  it("keeps phone_no and only phone_no when asked to (about, our mission, resource center, careers)", () => {
    fillEveryKey();
    clearLeadForm({ keepPhone: true });
    for (const key of SPEC_KEYS.filter((key) => key !== "phone_no")) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem("phone_no")).toBe("value of phone_no");
    expect(localStorage.getItem(SELECTED_AGENTS_KEY)).toBeNull();
    expect(localStorage.getItem(SUBMISSION_KEY)).toBeNull();
    expect(localStorage.getItem(GUARANTEE_SUBMISSION_KEY)).toBeNull();
  });

  it.each([{}, { keepPhone: true }])("never touches the bearer token or other keys (%p)", (options) => {
    fillEveryKey();
    clearLeadForm(options);
    expect(readToken()).toBe("bearer-token");
    expect(localStorage.getItem("unrelated")).toBe("kept");
  });
});

describe("selected_agents (DESIGN.md 5)", () => {
  it("is a JSON list of manager ids, absent until the owner chooses", () => {
    expect(readSelectedAgents()).toBeNull();
    saveSelectedAgents([31, 7]);
    expect(localStorage.getItem(SELECTED_AGENTS_KEY)).toBe("[31,7]");
    expect(readSelectedAgents()).toEqual([31, 7]);
    saveSelectedAgents([]);
    expect(readSelectedAgents()).toEqual([]);
  });

  it("reads unreadable JSON as not chosen, and drops what is not an id", () => {
    localStorage.setItem(SELECTED_AGENTS_KEY, "{oops");
    expect(readSelectedAgents()).toBeNull();
    localStorage.setItem(SELECTED_AGENTS_KEY, JSON.stringify([3, "4", -1, 2.5, null, 9]));
    expect(readSelectedAgents()).toEqual([3, 9]);
  });
});

describe("the lead receipt", () => {
  const receipt = {
    reference: "MG-4K7Q-2XRD",
    recipients: [{ agent_id: 7, company_name: "Hill Country Homes" }],
    request_path: "/requests/AAAAAAAAAAAAAAAAAAAAAA",
    contact: { email: true, phone: true, preferred: "Phone" },
  };

  it("lives in sessionStorage, out of reach of the clearing rules that run when /thank-you opens", () => {
    sessionStorage.clear();
    saveLeadReceipt(receipt);
    fillEveryKey();
    clearLeadForm();
    expect(readLeadReceipt()).toEqual(receipt);
    expect(localStorage.getItem(LEAD_RECEIPT_KEY)).toBeNull();
    sessionStorage.setItem(LEAD_RECEIPT_KEY, "not json");
    expect(readLeadReceipt()).toBeNull();
  });
});

describe("submission keys", () => {
  const keyRule = /^[A-Za-z0-9_-]{8,100}$/;

  it("makes a key the service accepts and reuses it until the form is cleared", () => {
    const first = submissionKey();
    expect(first).toMatch(keyRule);
    expect(submissionKey()).toBe(first);
    expect(localStorage.getItem(SUBMISSION_KEY)).toBe(first);
    clearLeadForm();
    expect(submissionKey()).not.toBe(first);
  });

  it("forgets one form's key after a 409, and keeps the other's", () => {
    const lead = submissionKey();
    const guarantee = guaranteeSubmissionKey();
    forgetSubmissionKey("request");
    expect(submissionKey()).not.toBe(lead);
    expect(guaranteeSubmissionKey()).toBe(guarantee);
    forgetSubmissionKey("guarantee");
    expect(guaranteeSubmissionKey()).not.toBe(guarantee);
  });

  it("gives the quote-guarantee lead a key of its own, also reused until cleared", () => {
    const lead = submissionKey();
    const guarantee = guaranteeSubmissionKey();
    expect(guarantee).toMatch(keyRule);
    expect(guarantee).not.toBe(lead);
    expect(guaranteeSubmissionKey()).toBe(guarantee);
    clearLeadForm({ keepPhone: true });
    expect(guaranteeSubmissionKey()).not.toBe(guarantee);
  });

  it("is accepted by the lead/save contract", () => {
    const parsed = contract["lead/save"].request.safeParse({
      submission_key: submissionKey(),
      property_category: 1,
      property_address: "12 Elm St",
      property_city: "Austin",
      property_zip: "78701",
      property_number: "5125550100",
      price: 120,
    });
    expect(parsed.success).toBe(true);
  });
});

describe("without storage (privacy mode)", () => {
  it("reads empty values and ignores writes instead of throwing", () => {
    const blocked = jest.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    try {
      expect(() => saveLeadValue("full_name", "Ada")).not.toThrow();
      expect(readLeadValue("full_name")).toBe("");
      expect(readAnswers()).toEqual([]);
      expect(() => clearLeadForm()).not.toThrow();
      expect(submissionKey()).toMatch(/^lead-[0-9a-f]{32}$/);
      expect(readToken()).toBeNull();
    } finally {
      blocked.mockRestore();
    }
  });
});
