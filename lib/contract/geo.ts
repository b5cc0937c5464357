/**
 * Who serves where: the one rule of the directory. A manager serves a place when the
 * place lies within the manager's service radius of the office, or when the office is in it.
 * The seeder materialises it for the seeded cities and the ZIP lookup applies it to a point,
 * both through these functions. Plain functions, safe in the browser.
 */

export type Point = { lat: number; lng: number };
export type ServiceArea = Point & { radius_miles: number };

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
/** A hair more than nothing: the box must hold the circle even after rounding. */
const BOX_MARGIN_DEGREES = 1e-6;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances as the site shows and sends them: miles to one decimal. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/**
 * The area's circle (on the sphere, as distanceMiles measures) is inside this box: the spatial
 * index stores it, lookups narrow with it. Exact bounds of a spherical cap, plus a hair.
 */
export function boundingBox({ lat, lng, radius_miles }: ServiceArea) {
  const angular = radius_miles / EARTH_RADIUS_MILES;
  const dLat = toDegrees(angular) + BOX_MARGIN_DEGREES;
  // The cap's widest longitude: asin(sin(r) / cos(lat)); near a pole it spans every longitude.
  const ratio = Math.sin(angular) / Math.cos(toRadians(lat));
  const dLng = ratio >= 1 ? 180 : toDegrees(Math.asin(ratio)) + BOX_MARGIN_DEGREES;
  return { min_lat: lat - dLat, max_lat: lat + dLat, min_lng: lng - dLng, max_lng: lng + dLng };
}

/** Serves a point: within the radius of the office. */
export function servesPoint(area: ServiceArea, point: Point): boolean {
  return distanceMiles(area, point) <= area.radius_miles;
}

/** Serves a city: the city's point is within the radius, or the office is in that city. */
export function servesCity(area: ServiceArea & { office_city_id: number }, city: Point & { id: number }): boolean {
  return area.office_city_id === city.id || servesPoint(area, city);
}
