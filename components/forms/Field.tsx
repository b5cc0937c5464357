import { useId } from "react";
import { phoneFieldValue } from "@/lib/contract/phone";

/**
 * A labelled input with the phone-first attributes of its kind, the same in every form: the
 * email keyboard without auto-capitals, and the phone keypad for a 10-digit national number.
 */
type Kind = "text" | "name" | "email" | "phone";

const ATTRIBUTES: Record<Kind, React.InputHTMLAttributes<HTMLInputElement>> = {
  text: { type: "text" },
  name: { type: "text", autoComplete: "name", autoCapitalize: "words" },
  email: { type: "email", inputMode: "email", autoComplete: "email", autoCapitalize: "none", spellCheck: false },
  // The HTML standard allows "tel-national" (the number without its country code, what the spec's
  // 10 characters hold) on text controls only, not on type="tel": a text input with the phone
  // keypad (inputmode="tel"). No maxlength: it would cut a pasted "(512) 555-0142" to
  // "(512) 555-"; phoneFieldValue keeps the digits instead, at most 10.
  phone: { type: "text", inputMode: "tel", autoComplete: "tel-national" },
};

export function Field({
  kind,
  label,
  name,
  value,
  onChange,
  id,
  autoComplete,
  ref,
}: {
  kind: Kind;
  label: string;
  name: string;
  value: string;
  /** The new value; for a phone field, only what phoneFieldValue keeps of it. */
  onChange: (value: string) => void;
  id?: string;
  autoComplete?: string;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        {...ATTRIBUTES[kind]}
        {...(autoComplete ? { autoComplete } : {})}
        value={value}
        onChange={(event) => onChange(kind === "phone" ? phoneFieldValue(event.target.value) : event.target.value)}
      />
    </div>
  );
}
