import { Img } from "@/components/ui/Img";
import type { Testimonial } from "@/lib/contract";
import { SAMPLE } from "@/lib/contract/messages";

export function TestimonialCard({ testimonial, onOpen }: { testimonial: Testimonial; onOpen: (id: number) => void }) {
  return (
    <button type="button" className="testimonial-card" onClick={() => onOpen(testimonial.id)} aria-haspopup="dialog">
      <Img src={testimonial.user_banner} alt="" width={64} height={64} className="testimonial-card__avatar" />
      <span className="testimonial-card__quote">{testimonial.description}</span>
      <span className="testimonial-card__name">{testimonial.heading}</span>
      <span className="testimonial-card__role">{testimonial.designation}</span>
      {testimonial.demo === 1 && <span className="badge badge--sample testimonial-card__sample">{SAMPLE.testimonial}</span>}
    </button>
  );
}
