import Mustache from "mustache";
import { eq } from "drizzle-orm";
import { serviceTypeLabels, type EmailTemplateName, type ServiceType } from "~/lib/enums";
import type { Database } from "~/server/db/client.server";
import { emailTemplates } from "~/server/db/schema";

/** The placeholders staff may use in both templates (back-office.md §2.17). */
export type TemplateVariables = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  service_type: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

export function contactTemplateVariables(contact: {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  serviceType: string;
}): TemplateVariables {
  return {
    name: contact.name,
    email: contact.email,
    phone: contact.phone ?? "",
    subject: contact.subject ?? "",
    message: contact.message,
    service_type: serviceTypeLabels[contact.serviceType as ServiceType] ?? contact.serviceType,
  };
}

/**
 * Fills a template. `{{x}}` is HTML-escaped in the HTML part (visitor input never becomes markup);
 * the subject and the text part are plain text, so they are rendered without escaping.
 */
export function renderEmail(
  template: { subject: string; htmlContent: string; textContent: string },
  variables: TemplateVariables,
): RenderedEmail {
  const plain = { escape: (value: unknown) => String(value) };
  return {
    subject: Mustache.render(template.subject, variables, undefined, plain).replace(/\s+/g, " ").trim(),
    html: Mustache.render(template.htmlContent, variables),
    text: Mustache.render(template.textContent, variables, undefined, plain),
  };
}

export async function loadTemplate(database: Database, name: EmailTemplateName) {
  const [template] = await database.select().from(emailTemplates).where(eq(emailTemplates.name, name));
  if (!template) throw new Error(`e-mail template ${name} is missing`);
  return template;
}
