import { useId } from "react";
import { PHONE_MAX_LENGTH } from "@/lib/site";

/**
 * A labelled input with the phone-first attributes of its kind, the same in every form: the
 * email keyboard without auto-capitals, and the phone keypad with the 10-character limit.
 */
type Kind = "text" | "name" | "email" | "phone";

const ATTRIBUTES: Record<Kind, React.InputHTMLAttributes<HTMLInputElement>> = {
  text: { type: "text" },
  name: { type: "text", autoComplete: "name", autoCapitalize: "words" },
  email: { type: "email", inputMode: "email", autoComplete: "email", autoCapitalize: "none", spellCheck: false },
  // tel-national: an autofilled "+1 …" would not fit the 10 characters the spec allows.
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel-national", maxLength: PHONE_MAX_LENGTH },
};

export function Field({
  kind,
  label,
  name,
  value,
  onChange,
  id,
  autoComplete,
}: {
  kind: Kind;
  label: string;
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  id?: string;
  autoComplete?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} {...ATTRIBUTES[kind]} {...(autoComplete ? { autoComplete } : {})} value={value} onChange={onChange} />
    </div>
  );
}
