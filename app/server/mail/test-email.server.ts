import { getSiteSettings } from "~/server/settings.server";
import { renderEmail, type TemplateVariables } from "./templates.server";
import { createMailTransport, senderOf } from "./transports.server";

/** The sample request a test e-mail is filled with (back-office.md §7: built server-side). */
export const SAMPLE_VARIABLES: TemplateVariables = {
  name: "Jean Dupont",
  email: "jean.dupont@exemple.fr",
  phone: "06 12 34 56 78",
  subject: "Demande de devis pour un tableau électrique",
  message: "Bonjour, je souhaiterais un devis pour remplacer le tableau électrique de ma maison.",
  service_type: "Rénovation électrique",
};

type Result = { success: boolean; message: string };

/**
 * Sends one template, filled with sample values, straight through the configured provider (not
 * the outbox: staff want the provider's answer now). For the e-mail templates screen.
 */
export async function sendTestEmail(
  to: string,
  template: { subject: string; htmlContent: string; textContent: string },
): Promise<Result> {
  const settings = await getSiteSettings();
  const transport = createMailTransport(settings);
  try {
    const email = renderEmail(template, SAMPLE_VARIABLES);
    await transport.send({
      from: senderOf(settings),
      to,
      replyTo: settings?.replyToEmail || null,
      subject: `[Test] ${email.subject}`,
      html: email.html,
      text: email.text,
    });
    return { success: true, message: "Email de test envoyé avec succès!" };
  } catch (error) {
    return { success: false, message: `Erreur: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    transport.close();
  }
}

/** Whether the configured provider accepts our credentials; `kind` feeds the status banner. */
export async function checkMailTransport(): Promise<Result & { kind: "mailjet" | "smtp" | "file" }> {
  const transport = createMailTransport(await getSiteSettings());
  try {
    await transport.verify();
    return { kind: transport.kind, success: true, message: "Connexion établie avec succès!" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: transport.kind, success: false, message: `Erreur de connexion: ${reason}` };
  } finally {
    transport.close();
  }
}
