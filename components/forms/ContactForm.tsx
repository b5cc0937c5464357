"use client";

import { useId, useState } from "react";
import { useSave } from "./useSave";
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
  const update = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (await save({ ...values, agent_id: agentId })) setValues(EMPTY);
  }

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Field kind="name" label="Full Name" name="name" value={values.name} onChange={update("name")} />
      <Field kind="email" label="Email Address" name="email" value={values.email} onChange={update("email")} />
      <Field kind="phone" label="Phone Number" name="mobile" value={values.mobile} onChange={update("mobile")} />
      <div className="field">
        <label htmlFor={messageId}>Message</label>
        <textarea id={messageId} name="message" rows={5} value={values.message} onChange={update("message")} />
      </div>
      <HoneypotField value={values.website} onChange={update("website")} />
      <SubmitButton pending={pending} />
    </form>
  );
}
