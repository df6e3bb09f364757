import { MailjetError } from "./transports.server";

/** Raised when a configuration check has waited VERIFY_TIMEOUT_MS. */
export class MailTimeoutError extends Error {
  constructor() {
    super("mail provider did not answer in time");
    this.name = "MailTimeoutError";
  }
}

type NodemailerError = Error & { code?: string; responseCode?: number; response?: string };

/**
 * A delivery or check failure as staff read it, in French. Only what helps them fix the settings:
 * never the address, port or socket error a connection attempt met (a configuration check must not
 * become a way to probe the internal network), only the provider's own words when it answered.
 * The raw error goes to the log.
 */
export function describeMailError(error: unknown): string {
  if (error instanceof MailTimeoutError || isAbortTimeout(error)) {
    return "Le fournisseur d'email ne répond pas (délai de 10 secondes dépassé) : vérifiez le serveur et le port.";
  }
  if (error instanceof MailjetError) return describeMailjet(error);
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return "Impossible de joindre l'API Mailjet : vérifiez la connexion du serveur à Internet.";
  }
  const smtp = error as NodemailerError;
  switch (smtp?.code) {
    case "EDNS":
      return "Serveur SMTP introuvable : vérifiez son nom.";
    case "ETIMEDOUT":
      return "Le serveur SMTP ne répond pas (délai dépassé) : vérifiez le serveur et le port.";
    case "ECONNECTION":
    case "ESOCKET":
      if (isCertificateProblem(smtp)) return CERTIFICATE_MESSAGE;
      return "Connexion impossible au serveur SMTP : vérifiez le serveur et le port.";
    case "ETLS":
      if (isCertificateProblem(smtp)) return CERTIFICATE_MESSAGE;
      return "Le serveur SMTP ne propose pas de connexion chiffrée (STARTTLS), obligatoire pour envoyer des emails. Utilisez le port 587 ou 465.";
    case "EAUTH":
      return "Identifiants SMTP refusés : vérifiez le nom d'utilisateur et le mot de passe.";
    case "ENOAUTH":
      return "Le serveur SMTP demande une authentification : renseignez le nom d'utilisateur et le mot de passe.";
    case "EENVELOPE":
      return `Adresse refusée par le serveur SMTP${serverWords(smtp)}.`;
    case "EMESSAGE":
    case "EPROTOCOL":
      return `Le serveur SMTP a refusé le message${serverWords(smtp)}.`;
  }
  if (error instanceof Error && /no sender address/.test(error.message)) {
    return "Aucune adresse d'expédition : renseignez l'email d'expédition dans les paramètres du site.";
  }
  return "L'envoi a échoué pour une raison inconnue : consultez le journal du serveur.";
}

/**
 * A refusal of this very message, not of the configuration (Mailjet's 400, an SMTP server's 5xx
 * to the address or the content): sending it again would be refused the same way, so it is given
 * up at once and staff read why. Keys refused, a server down or unreachable stay retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (error instanceof MailjetError) return error.status === 400;
  const smtp = error as NodemailerError;
  return (smtp?.code === "EENVELOPE" || smtp?.code === "EMESSAGE") && (smtp.responseCode ?? 0) >= 500;
}

const CERTIFICATE_MESSAGE =
  "Le certificat TLS du serveur SMTP n'est pas valide (expiré, auto-signé ou établi pour un autre nom).";

function describeMailjet(error: MailjetError) {
  if (error.status === 401 || error.status === 403) {
    return "Clés Mailjet refusées : vérifiez la clé API et la clé secrète.";
  }
  const reason = error.reason ? ` : ${error.reason.slice(0, 300)}` : "";
  if (error.status >= 500)
    return `Mailjet est indisponible (erreur ${error.status}), réessayez plus tard${reason}.`;
  return `Mailjet a refusé l'envoi (erreur ${error.status})${reason}.`;
}

function isAbortTimeout(error: unknown) {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function isCertificateProblem(error: Error) {
  return /certificate|self[- ]signed|altnames|CERT_|unable to verify/i.test(error.message);
}

/** The SMTP server's reply (e.g. "550 5.1.1 unknown user"): its words, not our network details. */
function serverWords(error: NodemailerError) {
  const reply = error.response?.replace(/\s+/g, " ").trim();
  return reply ? ` (réponse du serveur : ${reply.slice(0, 200)})` : "";
}
