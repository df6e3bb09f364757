import { retryAfterText } from "~/server/security/password-throttle.server";
import type { CredentialRefusal } from "./credentials.server";

/**
 * A refused sign-in step as the person reads it, with its status (and Retry-After when a wait
 * applies): the sign-in pages (/admin/login, /admin/login/code) and the editors' in-place sign-in
 * (/admin/login/again) answer the same.
 */
export function signInRefusal(
  outcome: CredentialRefusal,
  step: "password" | "code",
): { message: string; status: number; headers?: Record<string, string> } {
  switch (outcome.status) {
    case "wrong":
      return {
        message: step === "password" ? "Email ou mot de passe incorrect" : "Code incorrect",
        status: 401,
      };
    case "throttled":
      return {
        message: `Trop de tentatives de connexion. Réessayez dans ${retryAfterText(outcome.retryAfterSeconds)}.`,
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      };
    case "busy":
      return {
        message: "Le service de connexion est momentanément surchargé. Réessayez dans quelques secondes.",
        status: 503,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      };
    case "refused":
      return {
        message: step === "password" ? refusedPasswordMessage(outcome.code) : CODE_REFUSED_MESSAGE,
        status: outcome.httpStatus,
      };
  }
}

const CODE_REFUSED_MESSAGE = "Connexion refusée. Vérifiez le code et réessayez.";

/** The code step waited too long (or was never started): the password again. */
export const SECOND_FACTOR_EXPIRED_MESSAGE =
  "La vérification a expiré. Saisissez de nouveau votre mot de passe.";

/** Better Auth's refusals, in French. */
function refusedPasswordMessage(code: string | undefined): string {
  switch (code) {
    case "BANNED_USER":
      return "Ce compte est suspendu.";
    case "INVALID_EMAIL":
      return "Email invalide";
    default:
      return "Connexion refusée. Vérifiez vos identifiants et réessayez.";
  }
}
