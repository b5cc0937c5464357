"use client";

import { useId, useState } from "react";
import { PHONE_MAX_LENGTH } from "@/lib/site";
import { useSave } from "./useSave";
import { SubmitButton } from "./SubmitButton";
import { HoneypotField } from "./HoneypotField";

const EMPTY = { name: "", email: "", mobile: "", message: "", website: "" };

/**
 * The contact form of Contact Us (agent_id 0) and of a manager's profile ("Get In Touch").
 * No client validation (spec 5): the server's message decides; success clears the four fields.
 */
export function ContactForm({ agentId = 0, headingId }: { agentId?: number; headingId?: string }) {
  const [values, setValues] = useState(EMPTY);
  const { pending, save } = useSave("contact/save");
  const ids = { name: useId(), email: useId(), mobile: useId(), message: useId() };
  const update = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (await save({ ...values, agent_id: agentId })) setValues(EMPTY);
  }

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="field">
        <label htmlFor={ids.name}>Full Name</label>
        <input id={ids.name} name="name" autoComplete="name" value={values.name} onChange={update("name")} />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>Email Address</label>
        <input id={ids.email} name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={update("email")} />
      </div>
      <div className="field">
        <label htmlFor={ids.mobile}>Phone Number</label>
        <input
          id={ids.mobile}
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={PHONE_MAX_LENGTH}
          value={values.mobile}
          onChange={update("mobile")}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.message}>Message</label>
        <textarea id={ids.message} name="message" rows={5} value={values.message} onChange={update("message")} />
      </div>
      <HoneypotField value={values.website} onChange={update("website")} />
      <SubmitButton pending={pending} />
    </form>
  );
}
