import type { TrackingInput } from "~/lib/schemas/tracking";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { gtmSettings } from "~/server/db/schema";

/** The single tracking record (created by the reference seed). */
export async function getTrackingSettings() {
  const [row] = await db().select().from(gtmSettings).limit(1);
  if (!row) throw new Error("the gtm_settings row is missing");
  return row;
}

/** The record as the tracking form shows it. */
export async function getTrackingForm() {
  const row = await getTrackingSettings();
  return {
    isEnabled: row.isEnabled,
    gtmId: row.gtmId,
    ga4Id: row.ga4Id,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the record; every instance's public layout follows through the row's notification. */
export async function saveTrackingSettings(context: MutationContext, input: TrackingInput) {
  const row = await getTrackingSettings();
  return mutate(context, (m) =>
    m.update(
      gtmSettings,
      row.id,
      { isEnabled: input.isEnabled, gtmId: input.gtmId ?? null, ga4Id: input.ga4Id ?? null },
      { expectedUpdatedAt: input.updatedAt ?? null },
    ),
  );
}
