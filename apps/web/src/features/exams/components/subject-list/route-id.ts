/** A positive integer id from a route parameter; anything else is "no such page". */
export function parseRouteId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
