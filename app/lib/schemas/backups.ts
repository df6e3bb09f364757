import { z } from "~/lib/zod";

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The schedule and retention of the 'Sauvegardes' screen. */
export const backupSettingsSchema = z.object({
  updatedAt: z.string().optional(),
  isEnabled: z.boolean().default(false),
  hour: whole(0, 23, "Choisissez une heure entre 0 et 23"),
  keepDaily: whole(1, 60, "Entre 1 et 60 sauvegardes quotidiennes"),
  keepWeekly: whole(0, 52, "Entre 0 et 52 sauvegardes hebdomadaires"),
});
export type BackupSettingsInput = z.infer<typeof backupSettingsSchema>;
