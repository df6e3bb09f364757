import { z } from "zod";

/**
 * A UTM value as the statistics group it: trimmed, lower case ('Flyer' and 'flyer' are one
 * campaign), at most 100 characters; null when absent or empty.
 */
export const utmValue = z
  .string()
  .max(2048)
  .nullish()
  .transform((value) => value?.trim().toLowerCase().slice(0, 100) || null);
