import { z } from "~/lib/zod";

/**
 * The row a dialog or an editor acts on, posted beside its fields: `id`, and the `updatedAt` the
 * form was opened with (the stale-save check).
 */
export const rowRefSchema = z.object({ id: z.uuid(), updatedAt: z.string().optional() });
export type RowRef = z.output<typeof rowRefSchema>;

/** Reads the row reference of a submission, or null when the id is missing or malformed. */
export function readRowRef(formData: FormData): RowRef | null {
  const parsed = rowRefSchema.safeParse({
    id: formData.get("id"),
    updatedAt: formData.get("updatedAt") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The rows a selection action acts on: every `id` field (one checkbox a row) and the
 * comma-separated `ids` of a single button, malformed ids left out, each id once.
 */
export function readSelection(formData: FormData): string[] {
  const ids = [...formData.getAll("id"), ...String(formData.get("ids") ?? "").split(",")].filter(
    (id): id is string => typeof id === "string" && z.uuid().safeParse(id).success,
  );
  return [...new Set(ids)];
}

/** An optional URL field: empty is fine, anything else must be an http(s) address. */
export function optionalUrl(message: string) {
  return z
    .string()
    .trim()
    .max(2048, message)
    .refine((value) => {
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message)
    .optional();
}
