import { describe, expect, it } from "@jest/globals";
import { examEntriesFor, formatAnswer, isAnswered, normaliseAnswer, type QuoteQuestion } from "./answers";

const QUESTIONS: QuoteQuestion[] = [
  { question: "How many bedrooms?", type: "single", options: ["1", "2", "3"] },
  { question: "Which services?", type: "multi", options: ["Tenant placement", "Rent collection", "Inspections"] },
  { question: "Anything else?", type: "fill_blank", options: [] },
];

describe("examEntriesFor", () => {
  it("starts every question unanswered, in the order of the questions", () => {
    expect(examEntriesFor(QUESTIONS, [])).toEqual([
      { question: "How many bedrooms?", answer: "" },
      { question: "Which services?", answer: "" },
      { question: "Anything else?", answer: "" },
    ]);
  });

  it("keeps stored answers of the same questions and drops those of other questions", () => {
    const stored = [
      { question: "Anything else?", answer: "A pool" },
      { question: "A question of another category", answer: "Yes" },
      { question: "Which services?", answer: ["Inspections"] },
    ];
    expect(examEntriesFor(QUESTIONS, stored)).toEqual([
      { question: "How many bedrooms?", answer: "" },
      { question: "Which services?", answer: ["Inspections"] },
      { question: "Anything else?", answer: "A pool" },
    ]);
  });
});

describe("answers", () => {
  it("are lists for multi-choice questions and text for the others; nothing chosen is ''", () => {
    expect(normaliseAnswer("multi", "Inspections")).toEqual(["Inspections"]);
    expect(normaliseAnswer("multi", [])).toBe("");
    expect(normaliseAnswer("multi", "")).toBe("");
    expect(normaliseAnswer("single", ["2"])).toBe("2");
    expect(normaliseAnswer("fill_blank", "text")).toBe("text");
  });

  it("count as answered when they hold something", () => {
    expect(isAnswered("")).toBe(false);
    expect(isAnswered("  ")).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered("2")).toBe(true);
    expect(isAnswered(["Inspections"])).toBe(true);
  });

  it("read on the review step with several choices joined by ', '", () => {
    expect(formatAnswer(["Tenant placement", "Inspections"])).toBe("Tenant placement, Inspections");
    expect(formatAnswer(" 3 ")).toBe("3");
  });
});
