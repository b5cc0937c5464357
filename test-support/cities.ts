import type { TestDatabase } from "./database";

/**
 * The seeded cities, with their state and point, that as many managers serve as `comparison`
 * `count` says ("=", 0: nobody), in the order they were seeded.
 */
export const citiesServedBy = (database: TestDatabase, comparison: "=" | ">", count: number) =>
  database.db
    .selectFrom("cities")
    .innerJoin("states", "states.id", "cities.state_id")
    .select(["cities.id", "cities.name", "cities.slug", "cities.lat", "cities.lng", "states.abbreviation"])
    .where("cities.managers_serving", comparison, count)
    .orderBy("cities.id");
