"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { browserApi } from "@/lib/api/browser";
import type { CityListItem, State } from "@/lib/contract";
import { cityPath, statePath } from "@/lib/contract/routes";
import { EMPTY } from "@/lib/contract/messages";

type ListLength = "Half" | "Full";
type StateList = { states: State[]; length: ListLength };
type CityList = { stateId: number; cities: CityListItem[]; length: ListLength; count: number };

export type StateCityPickerProps = {
  /** "home": short lists with "See All" chips; "resources": full lists, the headings of /resources. */
  mode: "home" | "resources";
  initialStates: StateList;
  initialCities: CityList | null;
};

export const ONBOARDING_NOTICE = EMPTY.onboarding;

/**
 * Find managers by state and city (spec 2.3, 2.5, section 4). The server renders the first
 * state's cities; choosing a state or "See All" loads through the service, "Loading..." meanwhile.
 * Every load starts from a click, so plain state is enough (no data-fetching library in the
 * first-load JavaScript); an answer that arrives after a newer click is dropped. Network
 * failures keep what is shown (spec section 8).
 */
export function StateCityPicker({ mode, initialStates, initialCities }: StateCityPickerProps) {
  const short = mode === "home";
  const [stateList, setStateList] = useState<StateList>(initialStates);
  const [selectedId, setSelectedId] = useState<number | undefined>(initialStates.states[0]?.id);
  const [cityList, setCityList] = useState<CityList | null>(initialCities);
  const latestCityRequest = useRef(0);
  const headingIds = { states: useId(), cities: useId() };
  const selected = stateList.states.find((state) => state.id === selectedId) ?? stateList.states[0];
  // On home the picker sits under a section's h2; on /resources its headings follow the page's h1.
  const Heading = short ? "h3" : "h2";

  function loadCities(stateId: number, length: ListLength | undefined) {
    const request = ++latestCityRequest.current;
    setCityList(null);
    browserApi
      .call("city/list", { state_id: stateId, ...(length ? { length } : {}) })
      .then((answer) => {
        if (request === latestCityRequest.current) {
          setCityList({ stateId, cities: answer.cities, length: answer.length, count: answer.count });
        }
      })
      .catch(() => undefined);
  }

  function showAllStates() {
    browserApi
      .call("state/code/list", { type: "Featured", length: "Full" })
      .then((answer) => setStateList({ states: answer.states, length: answer.length }))
      .catch(() => undefined);
  }

  return (
    <div className="picker">
      <div className="picker__states">
        <Heading id={headingIds.states} className="picker__heading">
          {short ? "Select a state" : "Find Property Managers by State"}
        </Heading>
        {stateList.states.length === 0 ? (
          <p role="status">Loading...</p>
        ) : (
          <ul className="chips" aria-labelledby={headingIds.states}>
            {stateList.states.map((state) => (
              <li key={state.id}>
                <button
                  type="button"
                  className="chip"
                  aria-pressed={state.id === selected?.id}
                  title={state.state}
                  onClick={() => {
                    setSelectedId(state.id);
                    loadCities(state.id, short ? "Half" : undefined);
                  }}
                >
                  {state.abbreviation}
                </button>
              </li>
            ))}
            {short && stateList.length === "Half" && (
              <li>
                <button type="button" className="chip chip--more" onClick={showAllStates}>
                  See All
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="picker__cities" aria-live="polite">
        <Heading id={headingIds.cities} className="picker__heading">
          {short ? `Cities in ${selected?.state ?? "your state"}` : "Find Property Managers by City"}
        </Heading>
        {!cityList || cityList.stateId !== selected?.id ? (
          <p role="status">Loading...</p>
        ) : cityList.cities.length === 0 ? (
          <div className="empty-notice">
            <p>
              No cities available in {short ? selected?.abbreviation : selected?.state}
            </p>
            <p>{ONBOARDING_NOTICE}</p>
          </div>
        ) : (
          <ul className="city-links" aria-labelledby={headingIds.cities}>
            {cityList.cities.map((city) => (
              <li key={city.id}>
                {/* A city nobody serves is a noindex "No Record" page: named, not linked. */}
                {city.managers > 0 ? (
                  <Link href={cityPath(selected!.abbreviation, city.slug)}>{city.city}</Link>
                ) : (
                  <span className="city-links__none">
                    {city.city}
                    <span className="visually-hidden">: no managers yet</span>
                  </span>
                )}
              </li>
            ))}
            {short && cityList.length === "Half" && cityList.count > cityList.cities.length && (
              <li>
                <button type="button" className="chip chip--more" onClick={() => loadCities(cityList.stateId, "Full")}>
                  See All
                </button>
              </li>
            )}
          </ul>
        )}
        {selected && cityList?.stateId === selected.id && cityList.cities.some((city) => city.managers > 0) && (
          <p className="picker__hub">
            <Link href={statePath(selected.abbreviation)}>Every {selected.state} city with property managers</Link>
          </p>
        )}
      </div>
    </div>
  );
}
