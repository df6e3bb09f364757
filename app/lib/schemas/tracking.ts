import { GA4_ID_PATTERN, GTM_ID_PATTERN } from "~/lib/tracking-ids";
import { z } from "~/lib/zod";

/** The tracking tags form (back-office.md §2.21), on /admin/gtm and the SEO screen's card. */
export const trackingSchema = z
  .object({
    updatedAt: z.string().optional(),
    isEnabled: z.boolean().default(false),
    gtmId: z
      .string()
      .trim()
      .toUpperCase()
      .regex(GTM_ID_PATTERN, "Identifiant de conteneur invalide (format GTM-XXXXXXX)")
      .optional(),
    ga4Id: z
      .string()
      .trim()
      .toUpperCase()
      .regex(GA4_ID_PATTERN, "Identifiant Google Analytics 4 invalide (format G-XXXXXXXXXX)")
      .optional(),
  })
  // The site loads the tag manager only with an enabled record that has a container id (§4).
  .refine((value) => !value.isEnabled || value.gtmId, {
    path: ["gtmId"],
    message: "Un identifiant de conteneur est requis pour activer le suivi",
  });
export type TrackingInput = z.infer<typeof trackingSchema>;
