const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a row id at all (an address typed by hand is not sent to Postgres). */
export function isUuid(id: string | undefined | null): id is string {
  return Boolean(id && UUID.test(id));
}
