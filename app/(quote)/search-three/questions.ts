import "server-only";
import { cache } from "react";
import { serverApi } from "@/lib/api/server";
import type { Question } from "@/lib/contract";
import { CATEGORY_IDS } from "@/lib/contract/site";
import { sanitizeRichText } from "@/lib/sanitize";
import type { PanelText, QuoteQuestion } from "@/components/quote/answers";

const OPTION_KEYS = ["option_1", "option_2", "option_3", "option_4", "option_5", "option_6"] as const;

function toQuoteQuestion(question: Question): QuoteQuestion {
  return {
    question: question.question,
    type: question.type,
    options: OPTION_KEYS.map((key) => question[key].trim()).filter(Boolean),
  };
}

/**
 * The questions of all four categories, read once per render. The category is in the
 * visitor's browser storage, so the page carries every category's questions (a few dozen
 * lines) and step 3 shows the right ones without a second request. The panel HTML is
 * sanitised here, on the server, so the browser never needs the sanitiser.
 */
export const getStepThreeContent = cache(async () => {
  const lists = await Promise.all(
    CATEGORY_IDS.map(async (type) => [type, (await serverApi().call("question/list", { type })).questions] as const),
  );
  const questionsByCategory: Record<number, QuoteQuestion[]> = {};
  const panelsByCategory: Record<number, PanelText | null> = {};
  for (const [category, questions] of lists) {
    questionsByCategory[category] = questions.map(toQuoteQuestion);
    const first = questions[0];
    panelsByCategory[category] = first
      ? { heading: first.content_heading, descriptionHtml: sanitizeRichText(first.content_description) }
      : null;
  }
  return { questionsByCategory, panelsByCategory };
});
