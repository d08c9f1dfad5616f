const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-given id has the shape of our uuids. Lookups check this first, so an id of the wrong
 * shape answers the same not-found as an unknown one instead of a database type error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
