import { asc, eq } from "drizzle-orm";
import { textToHtml } from "~/lib/admin/email-templates";
import { textOnlyTemplate, type EmailTemplateInput } from "~/lib/schemas/email-template";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { emailTemplates } from "~/server/db/schema";

/** The editable templates, ordered by name (back-office.md §7). */
export function listEmailTemplates() {
  return db().select().from(emailTemplates).orderBy(asc(emailTemplates.name));
}

/** Saves a template's three parts (already checked by the schema), refused when stale. */
export async function saveEmailTemplate(context: MutationContext, input: EmailTemplateInput) {
  const [row] = await db()
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.name, input.name));
  if (!row) throw new MissingRowError("email_templates", input.name);
  return mutate(context, (m) =>
    m.update(
      emailTemplates,
      row.id,
      {
        subject: input.subject,
        htmlContent: textOnlyTemplate(input.name) ? textToHtml(input.textContent) : input.htmlContent!,
        textContent: input.textContent,
      },
      { expectedUpdatedAt: input.updatedAt ?? null },
    ),
  );
}
