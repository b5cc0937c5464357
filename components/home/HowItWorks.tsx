import { HOW_IT_WORKS } from "@/lib/contract/messages";

/**
 * The four steps of spec section 1 with "Get Started Now" (the page's own link into the flow).
 * The titles follow the spec's, but the site has no chat: the fourth step says what happens,
 * a phone or email conversation with the managers the owner chose.
 */
export function HowItWorks({ cta }: { cta: React.ReactNode }) {
  return (
    <section className="section how-it-works" aria-labelledby="how-it-works-title">
      <div className="container">
        <h2 id="how-it-works-title" className="section__title">
          How it works
        </h2>
        <ol className="steps">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="section__cta">{cta}</div>
      </div>
    </section>
  );
}
