import { z } from "~/lib/zod";
import { optionalUrl } from "./common";

/** The author dialog's fields (back-office.md §3, §5): name required; bio and avatar optional. */
export const authorSchema = z.object({
  name: z
    .string({ error: "Le nom est requis" })
    .trim()
    .min(1, "Le nom est requis")
    .max(120, "Le nom est trop long"),
  bio: z.string().trim().max(2000, "La biographie est trop longue (2000 caractères maximum)").optional(),
  avatarUrl: optionalUrl("Veuillez entrer une URL valide pour l'avatar"),
});

export type AuthorInput = z.infer<typeof authorSchema>;

export const AUTHOR_HAS_ARTICLES_MESSAGE =
  "Cet auteur a des articles publiés. Veuillez les réattribuer avant de supprimer l'auteur.";
