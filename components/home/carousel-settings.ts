/** Carousel constants of spec section 9. */
export const CAROUSEL = {
  spaceBetween: 30,
  breakpoints: { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } },
  startDelayMs: 2000,
};
