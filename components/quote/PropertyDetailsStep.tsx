"use client";

import { useEffect, useState } from "react";
import type { ExamEntry } from "@/lib/contract";
import { readAnswers, saveAnswers, saveLeadValue } from "@/lib/lead-form/storage";
import { parseCategory } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";
import { examEntriesFor, type Answer, type QuoteQuestion } from "./answers";
import { QuestionField } from "./QuestionField";
import { StepForm } from "./StepForm";
import { useStepEntry } from "./useStepEntry";
import { QUOTE_NOTES } from "@/lib/contract/page-messages";

/** Spec 2.4 and 9: opening step 3 sets the stored property_price to 300. */
const STEP_THREE_PROPERTY_PRICE = "300";

/**
 * Step 3: the chosen category's questions, every one optional. The questions of all four
 * categories come with the page (rendered on the server), so nothing loads after the page.
 */
export function PropertyDetailsStep({ questionsByCategory }: { questionsByCategory: Record<number, QuoteQuestion[]> }) {
  const { values, ready } = useStepEntry(3);
  const category = values ? parseCategory(values.property_category) : null;
  const questions = (category && questionsByCategory[category]) || [];

  if (!ready) return <QuestionsForm key="waiting" questions={[]} disabled />;
  return <QuestionsForm key="ready" questions={questions} disabled={false} />;
}

function QuestionsForm({ questions, disabled }: { questions: QuoteQuestion[]; disabled: boolean }) {
  const [entries, setEntries] = useState<ExamEntry[]>(() => (disabled ? [] : examEntriesFor(questions, readAnswers())));

  useEffect(() => {
    if (!disabled) saveLeadValue("property_price", STEP_THREE_PROPERTY_PRICE);
  }, [disabled]);

  function answer(index: number, value: Answer) {
    const next = entries.map((entry, position) => (position === index ? { ...entry, answer: value } : entry));
    setEntries(next);
    saveAnswers(next);
  }

  return (
    <StepForm legend="Property details" onNext={() => saveAnswers(entries)} nextHref={STEP_PATHS[4]} backHref={STEP_PATHS[2]} disabled={disabled} busy={disabled}>
      {disabled ? (
        <p className="quote-form__note">{QUOTE_NOTES.loadingQuestions}</p>
      ) : questions.length === 0 ? (
        <p className="quote-form__note">{QUOTE_NOTES.noQuestions}</p>
      ) : (
        <>
          <p className="quote-form__note">{QUOTE_NOTES.allOptional}</p>
          {questions.map((question, index) => (
            <QuestionField
              key={question.question}
              id={`question-${index + 1}`}
              question={question}
              answer={entries[index]?.answer ?? ""}
              onChange={(value) => answer(index, value)}
            />
          ))}
        </>
      )}
    </StepForm>
  );
}
