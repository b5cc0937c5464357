import { boundingBox, distanceMiles, servesCity, servesPoint } from "./geo";

const austin = { lat: 30.2711, lng: -97.7437 };
const roundRock = { lat: 30.5083, lng: -97.6789 };
const dallas = { lat: 32.7767, lng: -96.797 };

describe("who serves where", () => {
  it("measures great-circle miles", () => {
    expect(distanceMiles(austin, austin)).toBe(0);
    expect(distanceMiles(austin, roundRock)).toBeGreaterThan(16);
    expect(distanceMiles(austin, roundRock)).toBeLessThan(18);
    expect(distanceMiles(austin, dallas)).toBeGreaterThan(180);
    expect(distanceMiles(austin, dallas)).toBeLessThan(185);
  });

  it("serves a point within the radius, a city within it or holding the office", () => {
    const office = { ...roundRock, radius_miles: 20 };
    expect(servesPoint(office, austin)).toBe(true);
    expect(servesPoint({ ...office, radius_miles: 10 }, austin)).toBe(false);
    expect(servesCity({ ...office, radius_miles: 10, office_city_id: 7 }, { id: 7, ...austin })).toBe(true);
    expect(servesCity({ ...office, radius_miles: 10, office_city_id: 8 }, { id: 7, ...austin })).toBe(false);
  });

  it("boxes hold the whole circle, so the spatial index never drops a manager the rule keeps", () => {
    for (const center of [austin, { lat: 64.8378, lng: -147.7164 }, { lat: 19.7, lng: -155.08 }]) {
      const area = { ...center, radius_miles: 60 };
      const box = boundingBox(area);
      for (let bearing = 0; bearing < 360; bearing += 5) {
        // The farthest point in this direction still within 60 miles, found by bisection.
        const radians = (bearing * Math.PI) / 180;
        const along = (step: number) => ({ lat: center.lat + step * Math.cos(radians), lng: center.lng + (step * Math.sin(radians)) / Math.cos((center.lat * Math.PI) / 180) });
        let [inside, outside] = [0, 5];
        for (let i = 0; i < 60; i++) {
          const middle = (inside + outside) / 2;
          if (distanceMiles(center, along(middle)) <= 60) inside = middle;
          else outside = middle;
        }
        const point = along(inside);
        expect(servesPoint(area, point)).toBe(true);
        expect(point.lat).toBeGreaterThanOrEqual(box.min_lat);
        expect(point.lat).toBeLessThanOrEqual(box.max_lat);
        expect(point.lng).toBeGreaterThanOrEqual(box.min_lng);
        expect(point.lng).toBeLessThanOrEqual(box.max_lng);
      }
    }
  });
});
