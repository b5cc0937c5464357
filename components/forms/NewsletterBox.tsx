"use client";

import { useId, useState } from "react";
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

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      showError("Please enter email address.");
      return;
    }
    if (await save({ email_address: email.trim(), website: trap })) setEmail("");
  }

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <div className="container newsletter__inner">
        <div className="newsletter__copy">
          <h2 id={headingId} className="newsletter__title">
            Get Exclusive Insights on Directly to Your Inbox!
          </h2>
          <p>Subscribe to our newsletter, articles, resources, and events</p>
        </div>
        <form className="newsletter__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Email address
          </label>
          <input
            id={inputId}
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
