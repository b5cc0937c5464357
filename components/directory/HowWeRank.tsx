import { RANKING } from "@/lib/contract/messages";
import { HOW_WE_RANK_ANCHOR } from "@/lib/contract/routes";

/** The one ranking rule, stated under a list; the list's summary links here. */
export function HowWeRank({ rule }: { rule: string }) {
  return (
    <section id={HOW_WE_RANK_ANCHOR} className="how-we-rank" aria-labelledby={`${HOW_WE_RANK_ANCHOR}-title`}>
      <h2 id={`${HOW_WE_RANK_ANCHOR}-title`}>{RANKING.title}</h2>
      <p>
        {rule} {RANKING.featured} {RANKING.views}
      </p>
    </section>
  );
}
