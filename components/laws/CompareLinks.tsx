import Link from "next/link";
import type { LawTopicSummary } from "@/lib/contract";
import { JURISDICTION_COUNT } from "@/lib/contract/law-topics";
import { lawComparePath } from "@/lib/contract/routes";
import "@/styles/laws.css";

/** Links to the 50-state comparison pages, each with how many jurisdictions it covers. */
export function CompareLinks({ topics, current }: { topics: LawTopicSummary[]; current?: string }) {
  return (
    <ul className="compare-links">
      {topics.map((topic) => (
        <li key={topic.topic}>
          {topic.topic === current ? (
            <span aria-current="page" className="compare-links__link compare-links__link--current">
              {topic.title}
            </span>
          ) : (
            <Link href={lawComparePath(topic.slug)} className="compare-links__link">
              {topic.title}
            </Link>
          )}
          <span className="compare-links__coverage">
            {topic.states >= JURISDICTION_COUNT ? "All 50 states and DC" : `${topic.states} of ${JURISDICTION_COUNT} covered so far`}
          </span>
        </li>
      ))}
    </ul>
  );
}
