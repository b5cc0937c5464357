"use client";

import { useId, useRef, useState } from "react";
import { formControl, useSave } from "./useSave";
import { SubmitButton } from "./SubmitButton";
import { HoneypotField } from "./HoneypotField";
import { Field } from "./Field";

const EMPTY = { name: "", email: "", mobile: "", message: "", website: "" };

/**
 * The contact form of Contact Us (agent_id 0) and of a manager's profile ("Get In Touch").
 * No client validation (spec 5): the server's message decides; success clears the four fields.
 */
export function ContactForm({ agentId = 0, headingId }: { agentId?: number; headingId?: string }) {
  const [values, setValues] = useState(EMPTY);
  const { pending, save } = useSave("contact/save");
  const messageId = useId();
  const form = useRef<HTMLFormElement>(null);
  const update = (field: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const saved = await save({ ...values, agent_id: agentId }, { fieldElement: (field) => formControl(form.current, field) });
    if (saved) setValues(EMPTY);
  }

  return (
    <form ref={form} className="contact-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Field kind="name" label="Full Name" name="name" value={values.name} onChange={update("name")} />
      <Field kind="email" label="Email Address" name="email" value={values.email} onChange={update("email")} />
      <Field kind="phone" label="Phone Number" name="mobile" value={values.mobile} onChange={update("mobile")} />
      <div className="field">
        <label htmlFor={messageId}>Message</label>
        <textarea id={messageId} name="message" rows={5} value={values.message} onChange={(event) => update("message")(event.target.value)} />
      </div>
      <HoneypotField value={values.website} onChange={(event) => update("website")(event.target.value)} />
      <SubmitButton pending={pending} />
    </form>
  );
}
