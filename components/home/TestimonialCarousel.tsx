"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import type { Testimonial } from "@/lib/contract";
import { CAROUSEL } from "./carousel-settings";
import { TestimonialCard } from "./TestimonialCard";

/** Loaded on the first click: the modal is not part of the home page's first-load JavaScript. */
const TestimonialModal = lazy(() => import("./TestimonialModal").then((module) => ({ default: module.TestimonialModal })));

export { CAROUSEL };

type Track = typeof import("./SwiperTrack").SwiperTrack;

/**
 * Featured testimonials. The server renders them as a still row laid out like the carousel
 * (1 / 2 / 3 cards at 0 / 600 / 1000 px, 30 px apart); Swiper, which moves them, is loaded when
 * the carousel starts, two seconds later, so it is not part of the page's first-load JavaScript.
 * A click opens the testimonial in a modal with Previous / Next.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const [SwiperTrack, setSwiperTrack] = useState<Track | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    const timer = window.setTimeout(() => {
      import("./SwiperTrack")
        .then((module) => active && setSwiperTrack(() => module.SwiperTrack))
        .catch(() => undefined); // offline: the still row stays, which is fine
    }, CAROUSEL.startDelayMs);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, []);

  if (testimonials.length === 0) return null;
  return (
    <>
      {SwiperTrack ? (
        <SwiperTrack testimonials={testimonials} onOpen={setOpenId} />
      ) : (
        <ul className="testimonials__still">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} onOpen={setOpenId} />
            </li>
          ))}
        </ul>
      )}
      {openId !== null && (
        <Suspense fallback={null}>
          <TestimonialModal id={openId} onNavigate={setOpenId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
