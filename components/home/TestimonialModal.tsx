"use client";

import { Img } from "@/components/ui/Img";
import { useEffect, useId, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import type { TestimonialDetail } from "@/lib/contract";
import { LOAD_FAILED, SAMPLE } from "@/lib/contract/messages";
import { LoadFailed } from "@/components/ui/LoadFailed";

/** The testimonial modal of spec 2.3: loads by id; Previous / Next only when that id is above 0. */
export function TestimonialModal({ id, onNavigate, onClose }: { id: number; onNavigate: (id: number) => void; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [testimonial, setTestimonial] = useState<TestimonialDetail | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  useEffect(() => {
    let current = true;
    browserApi.call("testimonial/get", { id }).then(
      (answer) => current && setTestimonial(answer.testimonial),
      // Said, with a way to try again, instead of "Loading..." for ever.
      () => current && setFailed(id),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  return (
    <dialog ref={dialogRef} className="modal testimonial-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {testimonial?.id === id ? testimonial.heading : failed === id ? "Testimonial" : "Loading..."}
        </h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={() => dialogRef.current?.close()}>
          ×
        </button>
      </div>
      {failed === id && testimonial?.id !== id && (
        <div className="modal__body">
          <LoadFailed
            what={LOAD_FAILED.testimonial}
            retry={() => {
              setFailed(null);
              setAttempt((count) => count + 1);
            }}
          />
        </div>
      )}
      {testimonial?.id === id && (
        <div className="modal__body testimonial-modal__body">
          <Img src={testimonial.user_banner} alt={testimonial.heading} width={120} height={120} className="testimonial-modal__banner" />
          <p className="testimonial-modal__designation">{testimonial.designation}</p>
          {testimonial.demo === 1 && <p className="testimonial-modal__sample">{SAMPLE.testimonialNote}</p>}
          <p className="testimonial-modal__text">{testimonial.description}</p>
          <div className="testimonial-modal__nav">
            {testimonial.previous_id > 0 && (
              <button type="button" className="link-button" onClick={() => onNavigate(testimonial.previous_id)}>
                Previous
              </button>
            )}
            {testimonial.next_id > 0 && (
              <button type="button" className="link-button" onClick={() => onNavigate(testimonial.next_id)}>
                Next
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
