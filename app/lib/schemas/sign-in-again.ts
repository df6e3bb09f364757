import { z } from "~/lib/zod";

/** The editors' in-place sign-in (/admin/login/again): the password step, then the code step. */
export const signInAgainSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("password"),
    email: z
      .string()
      .trim()
      .pipe(z.email({ error: "Email invalide" })),
    password: z
      .string({ error: "Le mot de passe est requis" })
      .min(1, { error: "Le mot de passe est requis" }),
  }),
  z.object({
    intent: z.literal("code"),
    code: z.string({ error: "Le code est requis" }).trim().min(6, { error: "Le code est trop court" }),
  }),
]);

/** Its answer: the next step ("done": signed in), or why the try was refused. */
export type SignInAgainAnswer = { step?: "done" | "code" | "password"; error?: string };
