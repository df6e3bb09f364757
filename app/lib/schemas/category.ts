import { slugify } from "~/lib/slugify";
import { z } from "~/lib/zod";

/** The two kinds of categories of back-office.md §2.7, as the `tab` of the screen's URL. */
export const categoryKinds = ["blog", "projects"] as const;
export type CategoryKind = (typeof categoryKinds)[number];

export const SLUG_FORMAT_MESSAGE =
  "Le slug doit contenir uniquement des lettres minuscules, des chiffres et des tirets";
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category dialog: a name, and a slug made from it when left empty. */
export const categorySchema = z
  .object({
    name: z
      .string({ error: "Le nom est requis" })
      .trim()
      .min(1, "Le nom est requis")
      .max(100, "Le nom est trop long (100 caractères maximum)"),
    slug: z.string().trim().max(100, "Le slug est trop long (100 caractères maximum)").optional(),
  })
  .transform((value, context) => {
    const slug = value.slug || slugify(value.name);
    if (!SLUG_PATTERN.test(slug)) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: value.slug
          ? SLUG_FORMAT_MESSAGE
          : "Impossible de créer un slug à partir de ce nom : saisissez-le",
      });
      return z.NEVER;
    }
    return { name: value.name, slug };
  });

export type CategoryInput = z.output<typeof categorySchema>;
