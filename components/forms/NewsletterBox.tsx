"use client";

import { useId, useRef, useState } from "react";
import { REQUIRED, SITE_CHROME } from "@/lib/contract/messages";
import { useMessages } from "@/components/ui/MessageDialog";
import { useSave } from "./useSave";
import { SubmitButton } from "./SubmitButton";
import { HoneypotField } from "./HoneypotField";

/** The newsletter box of content pages (spec 2.2): an empty email is refused before any call. */
export function NewsletterBox() {
  const [email, setEmail] = useState("");
  const [trap, setTrap] = useState("");
  const { pending, save } = useSave("newsletter/save");
  const { showError } = useMessages();
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      showError(REQUIRED.email, { focus: () => input.current });
      return;
    }
    const saved = await save({ email_address: email.trim(), website: trap }, { fieldElement: (field) => (field === "email_address" ? input.current : null) });
    if (saved) setEmail("");
  }

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <div className="container newsletter__inner">
        <div className="newsletter__copy">
          <h2 id={headingId} className="newsletter__title">
            {SITE_CHROME.newsletterHeading}
          </h2>
          <p>Subscribe to our newsletter, articles, resources, and events</p>
        </div>
        <form className="newsletter__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Email address
          </label>
          <input
            ref={input}
            id={inputId}
            name="email_address"
            className="input newsletter__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Email address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <HoneypotField value={trap} onChange={(event) => setTrap(event.target.value)} />
          <SubmitButton pending={pending} label="Subscribe" className="button button--accent" />
        </form>
      </div>
    </section>
  );
}
