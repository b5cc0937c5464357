/** @jest-environment jsdom */
import { useState } from "react";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TestimonialModal } from "./TestimonialModal";
import { TestimonialCarousel, CAROUSEL } from "./TestimonialCarousel";

const call = jest.fn();
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: (...args: unknown[]) => call(...args) } }));
// Swiper ships ES modules only; a plain list stands in for it in jsdom.
jest.mock("./SwiperTrack", () => ({
  SwiperTrack: ({ testimonials }: { testimonials: { id: number }[] }) => <div data-testid="swiper">{testimonials.length} moving</div>,
}));

const testimonial = (id: number, previous_id: number, next_id: number) => ({
  id,
  heading: `Person ${id}`,
  designation: `Owner ${id}`,
  description: `Story ${id}`,
  user_banner: `/images/testimonials/${id}.svg`,
  previous_id,
  next_id,
});

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_name: string, { id }: { id: number }) =>
    Promise.resolve({ success: true, testimonial: testimonial(id, id - 1, id < 3 ? id + 1 : 0) }),
  );
});

function Harness({ start }: { start: number }) {
  const [id, setId] = useState(start);
  return <TestimonialModal id={id} onNavigate={setId} onClose={() => undefined} />;
}

describe("TestimonialModal", () => {
  it("loads the testimonial by id and shows banner, heading, designation and description", async () => {
    render(<Harness start={2} />);
    expect(await screen.findByRole("heading", { name: "Person 2" })).toBeInTheDocument();
    expect(screen.getByText("Owner 2")).toBeInTheDocument();
    expect(screen.getByText("Story 2")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Person 2" })).toHaveAttribute("src", "/images/testimonials/2.svg");
    expect(call).toHaveBeenCalledWith("testimonial/get", { id: 2 });
  });

  it("shows Previous and Next only when the neighbour id is above 0, and follows them", async () => {
    render(<Harness start={1} />);
    await screen.findByRole("heading", { name: "Person 1" });
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Person 2" });
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Person 3" });
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.getByRole("button", { name: "Previous" })).toBeInTheDocument();
  });
});

describe("TestimonialCarousel", () => {
  const list = [1, 2, 3].map((id) => ({ id, heading: `Person ${id}`, designation: `Owner ${id}`, description: `Story ${id}`, user_banner: "/a.svg" }));

  it("renders nothing without testimonials", () => {
    const { container } = render(<TestimonialCarousel testimonials={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the testimonials still, then hands them to Swiper when the carousel starts", async () => {
    jest.useFakeTimers();
    render(<TestimonialCarousel testimonials={list} />);
    expect(screen.getAllByRole("button", { name: /Story/ })).toHaveLength(3);
    expect(screen.queryByTestId("swiper")).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(CAROUSEL.startDelayMs);
    });
    jest.useRealTimers();
    expect(await screen.findByTestId("swiper")).toHaveTextContent("3 moving");
  });

  describe("with IntersectionObserver: Swiper is fetched only when the still row comes near the viewport", () => {
    let observers: { callback: IntersectionObserverCallback; targets: Element[]; options?: IntersectionObserverInit }[] = [];
    beforeEach(() => {
      observers = [];
      class FakeObserver {
        record: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, targets: [], options };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.targets.push(target);
        }
        disconnect() {
          this.record.targets = [];
        }
      }
      Object.defineProperty(window, "IntersectionObserver", { configurable: true, writable: true, value: FakeObserver });
    });
    afterEach(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      jest.useRealTimers();
    });
    const comeIntoView = () =>
      act(async () => {
        for (const { callback, targets } of observers) {
          if (targets.length > 0) callback(targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver);
        }
      });

    it("stays still after the two seconds while nobody scrolls to it", async () => {
      jest.useFakeTimers();
      render(<TestimonialCarousel testimonials={list} />);
      expect(observers).toHaveLength(1);
      expect(observers[0].targets[0]).toHaveClass("testimonials__still");
      await act(async () => {
        jest.advanceTimersByTime(CAROUSEL.startDelayMs * 5);
      });
      expect(screen.queryByTestId("swiper")).toBeNull();
      expect(screen.getAllByRole("button", { name: /Story/ })).toHaveLength(3);
    });

    it("starts at once when it comes near after the two seconds", async () => {
      jest.useFakeTimers();
      render(<TestimonialCarousel testimonials={list} />);
      await act(async () => {
        jest.advanceTimersByTime(CAROUSEL.startDelayMs);
      });
      await comeIntoView();
      jest.useRealTimers();
      expect(await screen.findByTestId("swiper")).toHaveTextContent("3 moving");
    });

    it("seen before the two seconds are up, starts at the two seconds", async () => {
      jest.useFakeTimers();
      render(<TestimonialCarousel testimonials={list} />);
      await comeIntoView();
      await act(async () => {
        jest.advanceTimersByTime(CAROUSEL.startDelayMs - 1);
      });
      expect(screen.queryByTestId("swiper")).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      jest.useRealTimers();
      expect(await screen.findByTestId("swiper")).toHaveTextContent("3 moving");
    });
  });

  it("opens the clicked testimonial in the modal", async () => {
    render(<TestimonialCarousel testimonials={list} />);
    await userEvent.click(screen.getByRole("button", { name: /Story 2/ }));
    expect(await screen.findByRole("dialog", { name: "Person 2" })).toHaveAttribute("open");
  });
});

describe("carousel settings", () => {
  it("match the spec: 30px gap, 1/2/3 items at 0/600/1000px, 2s start delay", () => {
    expect(CAROUSEL).toEqual({
      spaceBetween: 30,
      breakpoints: { 0: { slidesPerView: 1 }, 600: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } },
      startDelayMs: 2000,
    });
  });
});
