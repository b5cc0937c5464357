import type { Answer, QuoteQuestion } from "./answers";

type QuestionFieldProps = {
  id: string;
  question: QuoteQuestion;
  answer: Answer;
  onChange(answer: Answer): void;
};

/** One step 3 question by its type: single = dropdown, multi = checkboxes, fill_blank = text area. */
export function QuestionField({ id, question, answer, onChange }: QuestionFieldProps) {
  if (question.type === "multi") {
    const chosen = Array.isArray(answer) ? answer : [];
    const toggle = (option: string, checked: boolean) => {
      // Keep the order of the options, whatever the order of the clicks.
      const next = question.options.filter((candidate) => (candidate === option ? checked : chosen.includes(candidate)));
      onChange(next.length ? next : "");
    };
    return (
      <fieldset className="field quote-question quote-question--multi">
        <legend className="field__label">{question.question}</legend>
        <div className="quote-choices">
          {question.options.map((option, index) => (
            <label key={index} className="quote-choice" htmlFor={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                name={id}
                value={option}
                checked={chosen.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }

  const text = Array.isArray(answer) ? answer.join(", ") : answer;

  if (question.type === "single") {
    return (
      <div className="field quote-question">
        <label htmlFor={id}>{question.question}</label>
        <select id={id} name={id} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">-- Select --</option>
          {question.options.map((option, index) => (
            <option key={index} value={option}>
              {option}
            </option>
          ))}
          {/* A stored answer that is no longer an option stays visible rather than silently lost. */}
          {text && !question.options.includes(text) && <option value={text}>{text}</option>}
        </select>
      </div>
    );
  }

  return (
    <div className="field quote-question">
      <label htmlFor={id}>{question.question}</label>
      <textarea id={id} name={id} rows={3} maxLength={2000} value={text} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
