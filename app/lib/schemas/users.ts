import { z } from "~/lib/zod";
import { userRoles } from "~/lib/enums";

/** Shortest password accepted (back-office.md §9); the server's auth settings use the same. */
export const MIN_PASSWORD_LENGTH = 6;

/** Minutes a 'Mot de passe oublié ?' link stays valid (the auth settings and the mail say the same). */
export const RESET_LINK_MINUTES = 30;

const email = z
  .string({ error: "Email invalide" })
  .trim()
  .toLowerCase()
  .max(254, "Email invalide")
  .pipe(z.email("Email invalide"));

/**
 * Whether `value` is an e-mail address an account could have (at most 254 characters): a sign-in
 * with anything else is refused before it is looked up, counted or written anywhere.
 */
export function isEmailAddress(value: string): boolean {
  return email.safeParse(value).success;
}

/** The `intent` of the sign-in form (/admin/login): what its action, and the flood guard before it, answer. */
export const SIGN_IN_INTENT = "sign-in";
/** The `intent` of the header's 'Déconnexion' form (/admin/logout). */
export const SIGN_OUT_INTENT = "sign-out";

const role = z.enum(userRoles).catch("user");

const password = z
  .string({ error: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères` })
  .min(MIN_PASSWORD_LENGTH, `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères`)
  .max(128, "Le mot de passe est trop long (128 caractères maximum)");

/** Users screen, 'Ajouter un utilisateur' (back-office.md §5 User create). */
export const createUserSchema = z.object({ email, password, role });

/** Users screen, edit: the e-mail is locked; an empty password keeps the current one. */
export const editUserSchema = z.object({
  id: z.uuid(),
  role,
  password: password.optional(),
});

/** A new password and its confirmation (back-office.md §5 Password change). */
const newPasswordFields = {
  newPassword: z
    .string({ error: `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères` })
    .min(
      MIN_PASSWORD_LENGTH,
      `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères`,
    )
    .max(128, "Le mot de passe est trop long (128 caractères maximum)"),
  confirmPassword: z
    .string({ error: "Veuillez confirmer votre mot de passe" })
    .min(MIN_PASSWORD_LENGTH, "Veuillez confirmer votre mot de passe"),
};

const confirmationMatches = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;
const CONFIRMATION_MISMATCH = {
  message: "Les mots de passe ne correspondent pas",
  path: ["confirmPassword"],
  // Also while another field is refused (Zod skips refinements then): every message at once.
  when: ({ value }: { value: unknown }) => {
    const fields = value as { newPassword?: unknown; confirmPassword?: unknown };
    return typeof fields.newPassword === "string" && typeof fields.confirmPassword === "string";
  },
};

/** Profile, 'Sécurité' (back-office.md §5 Password change). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: "Mot de passe actuel requis" }).min(1, "Mot de passe actuel requis"),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, CONFIRMATION_MISMATCH);

/** 'Mot de passe oublié ?', the mailed link's page: the same rules as a change, with its token. */
export const passwordResetSchema = z
  .object({ token: z.string({ error: "Lien invalide" }), ...newPasswordFields })
  .refine(confirmationMatches, CONFIRMATION_MISMATCH);

/** 'Mot de passe oublié ?': the account's e-mail, the same rule as a user's. */
export const passwordResetRequestSchema = z.object({ email });

/** Profile, 'Double authentification': starting or turning off asks the current password. */
export const twoFactorPasswordSchema = z.object({
  password: z.string({ error: "Mot de passe actuel requis" }).min(1, "Mot de passe actuel requis"),
});

/** Profile, 'Double authentification': the first code of the app confirms the enrolment. */
export const twoFactorConfirmSchema = z.object({
  code: z
    .string({ error: "Le code est requis" })
    .trim()
    .regex(/^\d{6}$/, "Le code comporte 6 chiffres"),
  // The enrolment's otpauth URI, to show its QR code again after a wrong code.
  uri: z.string(),
});
