/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;

const toRadians = (deg: number) => (deg * Math.PI) / 180;

export type GeoPoint = { latitude: number; longitude: number };

/** Great-circle distance in metres between two points (haversine formula). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Beyond this reported accuracy (metres) a position cannot tell the room from the building next door. */
export const POOR_ACCURACY_M = 100;

export type RadarVerdict = { kind: 'inside' | 'review' | 'outside'; distance: number };

/**
 * Whether a student's position puts them within `radius` of the instructor. A precise position decides
 * alone. An imprecise one (accuracy worse than POOR_ACCURACY_M or than the radius itself) is never taken
 * on trust: it goes to the instructor for review when its uncertainty circle reaches the radius, and is
 * refused when even its nearest possible point lies outside.
 */
export function radarVerdict(
  centre: GeoPoint,
  radius: number,
  position: GeoPoint,
  accuracy: number | null | undefined,
): RadarVerdict {
  const distance = distanceMetres(centre, position);
  const uncertainty = accuracy ?? Number.POSITIVE_INFINITY;
  const poor = uncertainty > POOR_ACCURACY_M || uncertainty > radius;
  if (!poor) return { kind: distance <= radius ? 'inside' : 'outside', distance };
  return { kind: distance - uncertainty <= radius ? 'review' : 'outside', distance };
}
