import type { NearestCity } from "@/lib/contract";
import { DIRECTORY } from "@/lib/contract/messages";
import { cityPath } from "@/lib/contract/routes";

/** For a place nobody serves: the nearest cities that have managers, in any state, nearest first. */
export function NearestCities({ place, cities }: { place: string; cities: NearestCity[] }) {
  if (cities.length === 0) return null;
  return (
    <section className="nearest-cities" aria-labelledby="nearest-cities-title">
      <h2 id="nearest-cities-title">{DIRECTORY.nearestCities(place)}</h2>
      <ul>
        {cities.map((city) => (
          <li key={`${city.state}/${city.slug}`}>
            <a href={cityPath(city.state, city.slug)}>
              {city.city}, {city.state}
            </a>{" "}
            {city.distance_miles} miles · {city.managers} {city.managers === 1 ? "manager" : "managers"}
          </li>
        ))}
      </ul>
    </section>
  );
}
