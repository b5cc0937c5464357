"use client";

import { useId, useRef, useState } from "react";
import Link from "next/link";
import { categoryLabel } from "@/lib/contract/site";
import { readAnswers, type LeadValues } from "@/lib/lead-form/storage";
import { parseCategory, parseContactMethod, stepOfLeadField } from "@/lib/lead-form/steps";
import { STEP_PATHS } from "@/lib/contract/routes";
import type { ExamEntry } from "@/lib/contract";
import { SubmitButton } from "@/components/forms/SubmitButton";
import { HoneypotField } from "@/components/forms/HoneypotField";
import { formatAnswer, isAnswered } from "./answers";
import { useStepEntry } from "./useStepEntry";
import { useRecipients } from "./useRecipients";
import { useSubmitLead } from "./useSubmitLead";
import { ConsentLine, RecipientChoice } from "./RecipientChoice";
import { assumptionOf } from "@/lib/contract/proposals";
import { QUOTE_STEP_TITLES } from "@/lib/contract/messages";
import { QUOTE_NOTES } from "@/lib/contract/page-messages";

/**
 * Step 5: everything the owner entered, an Edit link per step, who should receive the request
 *, the sentence saying who will, and the one Submit.
 */
export function ReviewAndSubmit() {
  const { values, ready } = useStepEntry(5);
  if (!values || !ready) {
    return (
      <p className="quote-form__note" aria-busy="true">
        {QUOTE_NOTES.loadingAnswers}
      </p>
    );
  }
  return <Review values={values} />;
}

function Review({ values }: { values: LeadValues }) {
  const { pending, submit } = useSubmitLead("request");
  const [website, setWebsite] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const category = parseCategory(values.property_category);
  const method = parseContactMethod(values.preferred_contact_method);
  const recipients = useRecipients(values.property_zip, category);
  const [assumption] = useState(() => assumptionOf(readAnswers()));
  const consentId = useId();
  const ways = { email: Boolean(values.email_address.trim()), phone: Boolean(values.phone_no.trim()), preferred: method ?? "" };

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category || !method) return; // the entry guard has already sent the visitor back
    void submit({
      lead: {
        property_category: category,
        property_address: values.property_address,
        property_city: values.property_city,
        property_zip: values.property_zip,
        property_price: "",
        full_name: values.full_name,
        email_address: values.email_address,
        property_number: values.phone_no,
        preferred_contact_method: method,
        price: "",
        exam: readAnswers(),
        website,
      },
      recipients: recipients.state,
      contact: { ...ways, preferred: method },
      // No field to type in here: a refused field's step has an Edit link, and that takes focus.
      fieldElement: (field) => {
        const step = stepOfLeadField(field);
        return step ? form.current?.querySelector<HTMLElement>(`a[href="${STEP_PATHS[step]}"]`) : null;
      },
    });
  }

  return (
    <form ref={form} className="quote-form" noValidate onSubmit={onSubmit}>
      <HoneypotField value={website} onChange={(event) => setWebsite(event.target.value)} />
      <ReviewSections values={values} categoryName={category ? categoryLabel(category) : ""} method={method ?? ""} />
      <RecipientChoice
        state={recipients.state}
        onToggle={recipients.toggle}
        onRetry={recipients.retry}
        zip={values.property_zip}
        categoryId={category ?? 1}
        email={values.email_address}
        assumption={assumption}
      />
      <ConsentLine id={consentId} state={recipients.state} ways={ways} />
      <div className="quote-actions">
        <SubmitButton pending={pending} className="button quote-actions__next" describedBy={consentId} />
      </div>
    </form>
  );
}

/** What the owner entered, step by step, each with its Edit link. */
function ReviewSections({ values, categoryName, method }: { values: LeadValues; categoryName: string | undefined; method: string }) {
  const [answers] = useState<ExamEntry[]>(() => readAnswers().filter((entry) => isAnswered(entry.answer)));
  return (
    <>
      <ReviewSection title="Property Type" editLabel="Edit Property Type" editHref={STEP_PATHS[1]}>
        <ReviewItem term="Property type" value={categoryName} />
      </ReviewSection>

      <ReviewSection title="Property Address" editLabel="Edit Address" editHref={STEP_PATHS[2]}>
        <ReviewItem term="Address" value={values.property_address} />
        <ReviewItem term="City" value={values.property_city} />
        <ReviewItem term="ZIP Code" value={values.property_zip} />
      </ReviewSection>

      <ReviewSection
        title="Property Details"
        editLabel="Edit Property Details"
        editHref={STEP_PATHS[3]}
        emptyText={answers.length === 0 ? QUOTE_STEP_TITLES.noDetails : undefined}
      >
        {answers.map((entry) => (
          <ReviewItem key={entry.question} term={entry.question} value={formatAnswer(entry.answer)} />
        ))}
      </ReviewSection>

      <ReviewSection title="Contact Info" editLabel="Edit Contact Info" editHref={STEP_PATHS[4]}>
        <ReviewItem term="Full Name" value={values.full_name} />
        <ReviewItem term="Email" value={values.email_address} />
        <ReviewItem term="Phone" value={values.phone_no} />
        <ReviewItem term="Preferred Contact Method" value={method} />
      </ReviewSection>
    </>
  );
}

function ReviewSection({
  title,
  editLabel,
  editHref,
  emptyText,
  children,
}: {
  title: string;
  editLabel: string;
  editHref: string;
  /** Shown instead of the list when there is nothing to list. */
  emptyText?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="review">
      <div className="review__header">
        <h2 className="review__title">{title}</h2>
        <Link href={editHref} className="review__edit">
          {editLabel}
        </Link>
      </div>
      {emptyText ? <p className="review__empty">{emptyText}</p> : <dl className="review__list">{children}</dl>}
    </section>
  );
}

function ReviewItem({ term, value }: { term: string; value: string | undefined }) {
  return (
    <div className="review__item">
      <dt>{term}</dt>
      <dd>{value?.trim() ? value : <span className="review__missing">Not provided</span>}</dd>
    </div>
  );
}
