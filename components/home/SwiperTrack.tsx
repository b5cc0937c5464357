"use client";

import { Swiper, SwiperSlide } from "swiper/react";
import { Autoplay } from "swiper/modules";
import type { Testimonial } from "@/lib/contract";
import { CAROUSEL } from "./carousel-settings";
import { TestimonialCard } from "./TestimonialCard";
import "swiper/css";

/** The moving carousel: loops and autoplays, without arrows or dots (spec 2.3). */
export function SwiperTrack({ testimonials, onOpen }: { testimonials: Testimonial[]; onOpen: (id: number) => void }) {
  return (
    <Swiper
      modules={[Autoplay]}
      loop={testimonials.length > 3}
      spaceBetween={CAROUSEL.spaceBetween}
      slidesPerView={1}
      breakpoints={CAROUSEL.breakpoints}
      autoplay={{ delay: 4000, disableOnInteraction: false, pauseOnMouseEnter: true }}
      className="testimonials__carousel"
    >
      {testimonials.map((testimonial) => (
        <SwiperSlide key={testimonial.id} className="testimonials__slide">
          <TestimonialCard testimonial={testimonial} onOpen={onOpen} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
