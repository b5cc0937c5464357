import type { Kysely } from "kysely";
import type { Database, ZipCodesTable } from "../schema";
import type { Place } from "../../contract";

type Db = Kysely<Database>;

function zipRowToPlace(row: Pick<ZipCodesTable, "zip" | "city" | "state_abbr" | "lat" | "lng">): Place {
  return { zip: row.zip, city: row.city, state: row.state_abbr, lat: Number(row.lat), lng: Number(row.lng) };
}

/** A five-digit ZIP code's place (GeoNames), if the site knows it. */
export async function getZipPlace(db: Db, { zip }: { zip: string }): Promise<Place | undefined> {
  const row = await db.selectFrom("zip_codes").select(["zip", "city", "state_abbr", "lat", "lng"]).where("zip", "=", zip).executeTakeFirst();
  return row && zipRowToPlace(row);
}
