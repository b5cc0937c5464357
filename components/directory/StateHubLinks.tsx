import type { State } from "@/lib/contract";
import { statePath } from "@/lib/contract/routes";

const TITLE = "Property managers by state";

/**
 * Every state's hub as a plain link in the server HTML, one short list item each: a crawler
 * reaches each hub one link from the page that shows it (home, /resources) without running the
 * state picker's script. A plain <a>, not next/link: 51 links prefetched or hydrated for nothing
 * would cost every visitor bytes; a hub is a page of its own, loaded like one.
 */
export function StateHubLinks({ states, heading: Heading }: { states: Pick<State, "abbreviation" | "state">[]; heading: "h2" | "h3" }) {
  const byName = [...states].sort((a, b) => a.state.localeCompare(b.state, "en-US"));
  return (
    <nav className="state-hubs" aria-label={TITLE}>
      <Heading className="picker__heading">{TITLE}</Heading>
      <ul>
        {byName.map((state) => (
          <li key={state.abbreviation}>
            <a href={statePath(state.abbreviation)}>{state.state}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
