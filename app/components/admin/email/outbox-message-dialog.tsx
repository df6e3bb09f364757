import { ExternalLink } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { emailTemplateLabels } from "~/lib/admin/email-templates";
import { formatDateTime } from "~/lib/format-date";
import { outboxStatusLabel } from "~/lib/admin/outbox";
import type { outboxStatuses } from "~/lib/enums";
import { plural } from "~/lib/plural";

type Message = {
  id: string;
  subject: string;
  toAddress: string;
  replyTo: string | null;
  templateName: string | null;
  contactId: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  htmlBody: string;
  textBody: string;
};

/**
 * One message of the outbox in full (issue 22): where it went and how, its body as sent (the HTML
 * in a sandbox where nothing runs, and the text), and the request it is about. Open while the URL
 * names it; closing goes back to `closeTo`.
 */
export function OutboxMessageDialog({
  message,
  canSend,
  closeTo,
}: {
  message: Message;
  canSend: boolean;
  closeTo: string;
}) {
  const navigate = useNavigate();
  return (
    <AdminDialog
      defaultOpen
      onOpenChange={(open) => {
        if (!open) void navigate({ search: closeTo }, { preventScrollReset: true });
      }}
      className="max-w-3xl"
      title={message.subject}
      titleClassName="break-words"
      description={
        message.templateName ? (emailTemplateLabels[message.templateName] ?? message.templateName) : "Email"
      }
      footer={
        message.contactId ? (
          <Button asChild variant="outline">
            <Link to={`/admin/contacts?contact=${message.contactId}`}>
              <ExternalLink aria-hidden />
              Voir la demande
            </Link>
          </Button>
        ) : null
      }
    >
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Destinataire</dt>
        <dd className="break-all">{message.toAddress}</dd>
        <dt className="text-muted-foreground">Réponse à</dt>
        <dd className="break-all">{message.replyTo ?? "—"}</dd>
        <dt className="text-muted-foreground">Créé le</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt className="text-muted-foreground">Statut</dt>
        <dd>
          {outboxStatusLabel(message.status as (typeof outboxStatuses)[number], canSend)}
          {message.sentAt ? ` le ${formatDateTime(message.sentAt)}` : ""} ·{" "}
          {plural(message.attempts, "tentative")}
        </dd>
        {message.lastError && message.status !== "sent" ? (
          <>
            <dt className="text-muted-foreground">Dernière erreur</dt>
            <dd className="break-words text-red-200">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <Tabs defaultValue="html">
        <TabsList aria-label="Contenu du message">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Texte</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          {/* No script runs here, whatever the HTML holds. */}
          <iframe
            title="Contenu HTML du message"
            sandbox=""
            srcDoc={message.htmlBody}
            className="h-72 w-full rounded-md border bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre
            className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs"
            data-testid="outbox-message-text"
          >
            {message.textBody}
          </pre>
        </TabsContent>
      </Tabs>
    </AdminDialog>
  );
}
