"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import type { CityListItem, State } from "@/lib/contract";
import { cityPath, statePath } from "@/lib/contract/routes";
import { EMPTY, LOAD_FAILED } from "@/lib/contract/messages";
import { LoadFailed } from "@/components/ui/LoadFailed";

type ListLength = "Half" | "Full";
type StateList = { states: State[]; length: ListLength };
type CityList = { stateId: number; cities: CityListItem[]; length: ListLength; count: number };
/** The cities shown: a list, or the state whose list is loading or failed to load. */
type Cities = ({ status: "ready" } & CityList) | { status: "loading" | "failed"; stateId: number; length?: ListLength };

export type StateCityPickerProps = {
  /** "home": short lists with "See All" chips; "resources": full lists, the headings of /resources. */
  mode: "home" | "resources";
  initialStates: StateList;
  initialCities: CityList | null;
};

export const ONBOARDING_NOTICE = EMPTY.onboarding;

/**
 * Find managers by state and city (spec 2.3, 2.5, section 4). The server renders the first
 * state's cities; choosing a state or "See All" loads through the service, "Loading..." meanwhile,
 * and a load that fails says so with a "Try again" (never an endless "Loading...").
 * Every load starts from a click, so plain state is enough (no data-fetching library in the
 * first-load JavaScript); an answer that arrives after a newer click is dropped.
 */
export function StateCityPicker({ mode, initialStates, initialCities }: StateCityPickerProps) {
  const short = mode === "home";
  const [stateList, setStateList] = useState<StateList>(initialStates);
  const [statesFailed, setStatesFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<number | undefined>(initialStates.states[0]?.id);
  const [cities, loadCities] = useCityList(initialCities);
  const headingIds = { states: useId(), cities: useId() };
  const selected = stateList.states.find((state) => state.id === selectedId) ?? stateList.states[0];
  // On home the picker sits under a section's h2; on /resources its headings follow the page's h1.
  const Heading = short ? "h3" : "h2";

  function showAllStates() {
    setStatesFailed(false);
    browserApi.call("state/code/list", { type: "Featured", length: "Full" }).then(
      (answer) => setStateList({ states: answer.states, length: answer.length }),
      () => setStatesFailed(true),
    );
  }

  return (
    <div className="picker">
      <div className="picker__states">
        <Heading id={headingIds.states} className="picker__heading">
          {short ? "Select a state" : "Find Property Managers by State"}
        </Heading>
        <StateChips
          stateList={stateList}
          selectedId={selected?.id}
          labelledBy={headingIds.states}
          seeAll={short && stateList.length === "Half" ? showAllStates : undefined}
          onChoose={(state) => {
            setSelectedId(state.id);
            loadCities(state.id, short ? "Half" : undefined);
          }}
        />
        {statesFailed && <LoadFailed what={LOAD_FAILED.states} retry={showAllStates} />}
      </div>
      <div className="picker__cities" aria-live="polite">
        <Heading id={headingIds.cities} className="picker__heading">
          {short ? `Cities in ${selected?.state ?? "your state"}` : "Find Property Managers by City"}
        </Heading>
        {selected && <CityLinks cities={cities} state={selected} short={short} labelledBy={headingIds.cities} load={loadCities} />}
      </div>
    </div>
  );
}

/** The cities shown, and how to load another state's (or the full) list; stale answers are dropped. */
function useCityList(initial: CityList | null) {
  const [cities, setCities] = useState<Cities | null>(initial && { status: "ready", ...initial });
  const latest = useRef(0);
  function load(stateId: number, length: ListLength | undefined) {
    const request = ++latest.current;
    setCities({ status: "loading", stateId, length });
    browserApi.call("city/list", { state_id: stateId, ...(length ? { length } : {}) }).then(
      (answer) => request === latest.current && setCities({ status: "ready", stateId, cities: answer.cities, length: answer.length, count: answer.count }),
      () => request === latest.current && setCities({ status: "failed", stateId, length }),
    );
  }
  return [cities, load] as const;
}

function StateChips({
  stateList,
  selectedId,
  labelledBy,
  seeAll,
  onChoose,
}: {
  stateList: StateList;
  selectedId: number | undefined;
  labelledBy: string;
  seeAll?: () => void;
  onChoose: (state: State) => void;
}) {
  if (stateList.states.length === 0) return <p role="status">Loading...</p>;
  return (
    <ul className="chips" aria-labelledby={labelledBy}>
      {stateList.states.map((state) => (
        <li key={state.id}>
          <button type="button" className="chip" aria-pressed={state.id === selectedId} title={state.state} onClick={() => onChoose(state)}>
            {state.abbreviation}
          </button>
        </li>
      ))}
      {seeAll && (
        <li>
          <button type="button" className="chip chip--more" onClick={seeAll}>
            See All
          </button>
        </li>
      )}
    </ul>
  );
}

function CityLinks({
  cities,
  state,
  short,
  labelledBy,
  load,
}: {
  cities: Cities | null;
  state: State;
  short: boolean;
  labelledBy: string;
  load: (stateId: number, length: ListLength | undefined) => void;
}) {
  if (cities?.stateId === state.id && cities.status === "failed") {
    return <LoadFailed what={LOAD_FAILED.cities(state.state)} retry={() => load(state.id, cities.length)} />;
  }
  if (!cities || cities.stateId !== state.id || cities.status !== "ready") return <p role="status">Loading...</p>;
  if (cities.cities.length === 0) {
    return (
      <div className="empty-notice">
        <p>{EMPTY.noCities(short ? state.abbreviation : state.state)}</p>
        <p>{ONBOARDING_NOTICE}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="city-links" aria-labelledby={labelledBy}>
        {cities.cities.map((city) => (
          <li key={city.id}>
            {/* A city nobody serves is a noindex "No Record" page: named, not linked. */}
            {city.managers > 0 ? (
              <Link href={cityPath(state.abbreviation, city.slug)}>{city.city}</Link>
            ) : (
              <span className="city-links__none">
                {city.city}
                <span className="visually-hidden">: no managers yet</span>
              </span>
            )}
          </li>
        ))}
        {short && cities.length === "Half" && cities.count > cities.cities.length && (
          <li>
            <button type="button" className="chip chip--more" onClick={() => load(state.id, "Full")}>
              See All
            </button>
          </li>
        )}
      </ul>
      {cities.cities.some((city) => city.managers > 0) && (
        <p className="picker__hub">
          <Link href={statePath(state.abbreviation)}>Every {state.state} city with property managers</Link>
        </p>
      )}
    </>
  );
}
