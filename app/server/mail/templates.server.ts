import { eq } from "drizzle-orm";
import { renderEmail, type TemplateVariables } from "~/lib/admin/email-templates";
import { serviceTypeLabels, type EmailTemplateName, type ServiceType } from "~/lib/enums";
import type { Executor } from "~/server/db/client.server";
import { emailTemplates } from "~/server/db/schema";

export { renderEmail };

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

export async function loadTemplate(database: Executor, name: EmailTemplateName) {
  const [template] = await database.select().from(emailTemplates).where(eq(emailTemplates.name, name));
  if (!template) throw new Error(`e-mail template ${name} is missing`);
  return template;
}
