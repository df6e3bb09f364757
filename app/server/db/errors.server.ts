/**
 * The unique index a failed write ran into (Postgres code 23505), or null for any other error.
 * Drizzle wraps driver errors, so the cause chain is searched. Lets an action turn "slug already
 * used" into a field message instead of a 500.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: string; constraint?: string };
    if (code === "23505") return constraint ?? "";
  }
  return null;
}
