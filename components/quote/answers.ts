/**
 * Step 3's questions as the browser needs them, and the answers in the stored format of spec
 * section 3: one { question, answer } per question, the answer a string ("" when unanswered)
 * or, for a multi-choice question, a list of strings.
 */
import type { ExamEntry, Question } from "@/lib/contract";

export type QuoteQuestion = {
  question: string;
  type: Question["type"];
  /** The non-empty ones of option_1..option_6, in order. */
  options: string[];
};

/** The left panel of step 3: the first question's content_heading and content_description. */
export type PanelText = { heading: string; descriptionHtml: string };

export type Answer = ExamEntry["answer"];

/** One entry per question, keeping what was stored for a question of the same text. */
export function examEntriesFor(questions: QuoteQuestion[], stored: ExamEntry[]): ExamEntry[] {
  return questions.map(({ question, type }) => {
    const answer = stored.find((entry) => entry.question === question)?.answer ?? "";
    return { question, answer: normaliseAnswer(type, answer) };
  });
}

/** Lists for multi-choice questions, text otherwise; "nothing chosen" is always "". */
export function normaliseAnswer(type: QuoteQuestion["type"], answer: Answer): Answer {
  if (type === "multi") {
    const choices = Array.isArray(answer) ? answer : answer ? [answer] : [];
    return choices.length ? choices : "";
  }
  return Array.isArray(answer) ? answer.join(", ") : answer;
}

export function isAnswered(answer: Answer): boolean {
  return Array.isArray(answer) ? answer.length > 0 : answer.trim() !== "";
}

/** How an answer reads on the review step: several choices joined with ", ". */
export function formatAnswer(answer: Answer): string {
  return Array.isArray(answer) ? answer.join(", ") : answer.trim();
}
