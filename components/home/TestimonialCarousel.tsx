"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Testimonial } from "@/lib/contract";
import { CAROUSEL } from "./carousel-settings";
import { TestimonialCard } from "./TestimonialCard";

/** Loaded on the first click: the modal is not part of the home page's first-load JavaScript. */
const TestimonialModal = lazy(() => import("./TestimonialModal").then((module) => ({ default: module.TestimonialModal })));

export { CAROUSEL };

type Track = typeof import("./SwiperTrack").SwiperTrack;

/** How close to the viewport the still row must come before Swiper is fetched: it is ready when seen. */
const NEAR_VIEWPORT = "300px 0px";

/**
 * Featured testimonials. The server renders them as a still row laid out like the carousel
 * (1 / 2 / 3 cards at 0 / 600 / 1000 px, 30 px apart). The carousel starts two seconds after the
 * page's data arrives (spec 2.3), but Swiper, which moves it, is fetched only once the row is
 * near the viewport: a visitor who never scrolls to it (or a crawler, or Lighthouse) does not
 * download 23 kB of JavaScript to move cards nobody sees. Seen before the two seconds are up, it
 * starts at the two seconds; seen later, it starts at once. Without IntersectionObserver it
 * starts at the two seconds. A click opens the testimonial in a modal with Previous / Next.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const [SwiperTrack, setSwiperTrack] = useState<Track | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const stillRow = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const row = stillRow.current;
    if (!row) return;
    let active = true;
    let due = false;
    let near = typeof IntersectionObserver === "undefined";
    const start = () => {
      if (!active || !due || !near) return;
      import("./SwiperTrack")
        .then((module) => active && setSwiperTrack(() => module.SwiperTrack))
        .catch(() => undefined); // offline: the still row stays, which is fine
    };
    const timer = window.setTimeout(() => {
      due = true;
      start();
    }, CAROUSEL.startDelayMs);
    const observer = near
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            near = true;
            observer?.disconnect();
            start();
          },
          { rootMargin: NEAR_VIEWPORT },
        );
    observer?.observe(row);
    return () => {
      active = false;
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, []);

  if (testimonials.length === 0) return null;
  return (
    <>
      {SwiperTrack ? (
        <SwiperTrack testimonials={testimonials} onOpen={setOpenId} />
      ) : (
        <ul className="testimonials__still" ref={stillRow}>
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
