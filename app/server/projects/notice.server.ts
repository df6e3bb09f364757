import type { Executor } from "~/server/db/client.server";
import { config } from "~/server/config.server";
import { siteSettings } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { enqueueEmail } from "~/server/mail/outbox.server";
import { renderEmail } from "~/server/mail/templates.server";

/**
 * The project-creation notice (back-office.md §7 "projectCreationData"): title, location,
 * category, description and who created it. Written here rather than as an editable template:
 * the templates screen edits the two contact e-mails only (§2.17).
 */
const NOTICE_TEMPLATE = {
  subject: "Nouveau projet créé : {{title}}",
  htmlContent: `<h1 style="font-size:20px">Nouveau projet créé</h1>
<table cellpadding="6" style="border-collapse:collapse">
<tr><th align="left">Titre</th><td>{{title}}</td></tr>
<tr><th align="left">Localisation</th><td>{{location}}</td></tr>
<tr><th align="left">Catégorie</th><td>{{category}}</td></tr>
<tr><th align="left">Description</th><td>{{description}}</td></tr>
<tr><th align="left">Créé par</th><td>{{createdBy}}</td></tr>
</table>
<p><a href="{{editUrl}}">Ouvrir le projet dans le back-office</a></p>`,
  textContent: `Nouveau projet créé

Titre : {{title}}
Localisation : {{location}}
Catégorie : {{category}}
Description : {{description}}
Créé par : {{createdBy}}

Ouvrir le projet : {{editUrl}}
`,
};

const NOT_SET = "Non renseigné";

/**
 * Queues the notice in the creating transaction, to the settings' project notification address
 * or else the company's. In a savepoint: a notice that cannot be queued never costs the project.
 * The caller announces the outbox once the transaction has committed.
 */
export async function queueProjectNotice(
  tx: Executor,
  project: {
    id: string;
    title: string;
    location: string | null;
    category: string | null;
    description: string | null;
  },
  createdBy: string,
) {
  try {
    await tx.transaction(async (savepoint) => {
      const [settings] = await savepoint
        .select({
          notification: siteSettings.projectNotificationEmail,
          company: siteSettings.companyEmail,
        })
        .from(siteSettings)
        .limit(1);
      const to = settings?.notification?.trim() || settings?.company?.trim();
      if (!to) {
        logger.warn({ projectId: project.id }, "no notification address: project notice not queued");
        return;
      }
      const notice = renderEmail(NOTICE_TEMPLATE, {
        title: project.title,
        location: project.location || NOT_SET,
        category: project.category || NOT_SET,
        description: project.description || NOT_SET,
        createdBy,
        editUrl: `${config.publicUrl}/admin/projects/edit/${project.id}`,
      });
      await enqueueEmail(savepoint, {
        templateName: "project_creation",
        toAddress: to,
        subject: notice.subject,
        htmlBody: notice.html,
        textBody: notice.text,
      });
    });
  } catch (error) {
    logger.error({ err: error, projectId: project.id }, "project notice could not be queued");
  }
}
