const STEPS = [
  { title: "Pick your property type and ZIP code", text: "Tell us what you own and where it is. It takes about two minutes." },
  { title: "Review top local property managers", text: "See up to five managers who serve your ZIP code, nearest first, with their fees and license details." },
  { title: "Select and compare quotes", text: "Choose up to three to receive your request; only they get your details. Compare the quotes they send." },
  {
    title: "Select a manager and talk it through",
    text: "The managers you chose contact you by phone or email: ask your questions and hire the one you like best. You can withdraw your request at any time.",
  },
];

/**
 * The four steps of spec section 1 with "Get Started Now" (the page's own link into the flow).
 * The titles follow the spec's, but the site has no chat: the fourth step says what happens,
 * a phone or email conversation with the managers the owner chose (issue 20).
 */
export function HowItWorks({ cta }: { cta: React.ReactNode }) {
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
        <div className="section__cta">{cta}</div>
      </div>
    </section>
  );
}
