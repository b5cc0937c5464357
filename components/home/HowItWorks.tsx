import Link from "next/link";

const STEPS = [
  { title: "Pick your property type and ZIP code", text: "Tell us what you own and where it is. It takes about two minutes." },
  { title: "Review top local property managers", text: "We match your request with managers who serve your city." },
  { title: "Select and compare quotes", text: "Managers send their pricing and services so you can compare side by side." },
  { title: "Select a manager and chat", text: "Talk with the managers you like best and choose with confidence." },
];

/** The four steps of spec section 1 with "Get Started Now". */
export function HowItWorks() {
  return (
    <section className="section how-it-works" aria-labelledby="how-it-works-title">
      <div className="container">
        <h2 id="how-it-works-title" className="section__title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="section__cta">
          <Link href="/search" className="button">
            Get Started Now
          </Link>
        </div>
      </div>
    </section>
  );
}
