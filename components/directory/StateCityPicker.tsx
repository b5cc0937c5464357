"use client";

import Link from "next/link";
import { useId, useState } from "react";
import useSWR from "swr";
import { browserApi } from "@/lib/api/browser";
import type { City, State } from "@/lib/api/contract";

type ListLength = "Half" | "Full";
type StateList = { states: State[]; length: ListLength };
type CityList = { stateId: number; cities: City[]; length: ListLength; count: number };

export type StateCityPickerProps = {
  /** "home": short lists with "See All" chips; "resources": full lists, the headings of /resources. */
  mode: "home" | "resources";
  initialStates: StateList;
  initialCities: CityList | null;
};

export const ONBOARDING_NOTICE = "We are working hard to onboard property managers for this region. Please check back soon.";

const fetchStates = ([, length]: [string, ListLength | undefined]): Promise<StateList> =>
  browserApi.call("state/code/list", { type: "Featured", ...(length ? { length } : {}) }).then((answer) => ({ states: answer.states, length: answer.length }));
const fetchCities = ([, stateId, length]: [string, number, ListLength | undefined]): Promise<CityList> =>
  browserApi
    .call("city/list", { state_id: stateId, ...(length ? { length } : {}) })
    .then((answer) => ({ stateId, cities: answer.cities, length: answer.length, count: answer.count }));

/**
 * Find managers by state and city (spec 2.3, 2.5, section 4). The server renders the first
 * state's cities; choosing a state or "See All" loads through the service, "Loading..." meanwhile.
 * Network failures keep what is shown (spec section 8).
 */
export function StateCityPicker({ mode, initialStates, initialCities }: StateCityPickerProps) {
  const short = mode === "home";
  const [stateLength, setStateLength] = useState<ListLength | undefined>(short ? "Half" : undefined);
  const [selectedId, setSelectedId] = useState<number | undefined>(initialStates.states[0]?.id);
  const [cityLength, setCityLength] = useState<ListLength | undefined>(short ? "Half" : undefined);
  const headingIds = { states: useId(), cities: useId() };

  const states = useSWR(["state/code/list", stateLength] as [string, ListLength | undefined], fetchStates, {
    fallbackData: stateLength === initialStates.length || (!short && stateLength === undefined) ? initialStates : undefined,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    keepPreviousData: true,
  });
  const stateList = states.data?.states ?? initialStates.states;
  const selected = stateList.find((state) => state.id === selectedId) ?? stateList[0];

  const cityKey = selected ? (["city/list", selected.id, cityLength] as [string, number, ListLength | undefined]) : null;
  const usesInitialCities = initialCities !== null && selected?.id === initialCities.stateId && cityLength === (short ? "Half" : undefined);
  const cities = useSWR(cityKey, fetchCities, {
    fallbackData: usesInitialCities ? initialCities : undefined,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });

  const loadingStates = !states.data && states.isLoading;
  const cityList = cities.data?.stateId === selected?.id ? cities.data : undefined;

  return (
    <div className="picker">
      <div className="picker__states">
        <h3 id={headingIds.states} className="picker__heading">
          {short ? "Select a state" : "Find Property Managers by State"}
        </h3>
        {loadingStates ? (
          <p role="status">Loading...</p>
        ) : (
          <ul className="chips" aria-labelledby={headingIds.states}>
            {stateList.map((state) => (
              <li key={state.id}>
                <button
                  type="button"
                  className="chip"
                  aria-pressed={state.id === selected?.id}
                  title={state.state}
                  onClick={() => {
                    setSelectedId(state.id);
                    setCityLength(short ? "Half" : undefined);
                  }}
                >
                  {state.abbreviation}
                </button>
              </li>
            ))}
            {short && (states.data?.length ?? initialStates.length) === "Half" && (
              <li>
                <button type="button" className="chip chip--more" onClick={() => setStateLength("Full")}>
                  See All
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="picker__cities" aria-live="polite">
        <h3 id={headingIds.cities} className="picker__heading">
          {short ? `Cities in ${selected?.state ?? "your state"}` : "Find Property Managers by City"}
        </h3>
        {!cityList ? (
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
                <Link href={`/agents/${selected!.abbreviation}/${city.slug}`}>{city.city}</Link>
              </li>
            ))}
            {short && cityList.length === "Half" && cityList.count > cityList.cities.length && (
              <li>
                <button type="button" className="chip chip--more" onClick={() => setCityLength("Full")}>
                  See All
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
