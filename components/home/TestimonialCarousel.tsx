"use client";

import Image from "next/image";
import { useEffect, useRef, useState } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { Autoplay } from "swiper/modules";
import type { Swiper as SwiperInstance } from "swiper";
import type { Testimonial } from "@/lib/api/contract";
import { TestimonialModal } from "./TestimonialModal";
import "swiper/css";

/** Carousel constants of spec section 9. */
export const CAROUSEL = {
  spaceBetween: 30,
  breakpoints: { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } },
  startDelayMs: 2000,
};

/**
 * Featured testimonials: a looping, autoplaying carousel without arrows or dots that starts
 * two seconds after its data; a click opens the testimonial in a modal with Previous / Next.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => swiperRef.current?.autoplay?.start(), CAROUSEL.startDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (testimonials.length === 0) return null;
  return (
    <>
      <Swiper
        modules={[Autoplay]}
        loop={testimonials.length > 3}
        spaceBetween={CAROUSEL.spaceBetween}
        slidesPerView={1}
        breakpoints={CAROUSEL.breakpoints}
        autoplay={{ delay: 4000, disableOnInteraction: false, pauseOnMouseEnter: true }}
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          swiper.autoplay?.stop();
        }}
        className="testimonials__carousel"
      >
        {testimonials.map((testimonial) => (
          <SwiperSlide key={testimonial.id} className="testimonials__slide">
            <button type="button" className="testimonial-card" onClick={() => setOpenId(testimonial.id)} aria-haspopup="dialog">
              <Image src={testimonial.user_banner} alt="" width={64} height={64} sizes="64px" unoptimized className="testimonial-card__avatar" />
              <span className="testimonial-card__quote">{testimonial.description}</span>
              <span className="testimonial-card__name">{testimonial.heading}</span>
              <span className="testimonial-card__role">{testimonial.designation}</span>
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
      {openId !== null && <TestimonialModal id={openId} onNavigate={setOpenId} onClose={() => setOpenId(null)} />}
    </>
  );
}
