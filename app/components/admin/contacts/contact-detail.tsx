import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Mail, Phone } from "lucide-react";
import { useFetcher, useNavigate } from "react-router";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { deviceLabels } from "~/lib/admin/analytics";
import { originLines } from "~/lib/admin/contact-origin";
import { serviceTypeLabels, type ServiceType } from "~/lib/enums";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { contactNoteSchema, NOTE_MAX_LENGTH } from "~/lib/schemas/contacts";
import type { ContactReply } from "~/lib/schemas/contacts";
import type { ContactDetail } from "~/server/contacts/inbox.server.ts";
import type { StaffMember } from "~/server/contacts/workflow.server.ts";
import type { ContactTimeline as ContactTimelineData } from "~/server/contacts/timeline.server.ts";
import { ContactStatusSelect } from "./contact-status-select";
import { SitePageLink } from "../site-page-link";
import { ContactTimeline } from "./contact-timeline";
import { AssigneeSelect, FollowUpForm, ReplyDialog } from "./contact-workflow";
import { FormErrors, TextareaField } from "../fields";
import { formTiming } from "~/lib/admin/form-timing";
import { PendingButton } from "~/components/admin/pending-button";

/**
 * One contact request in full (back-office.md §2.15): the whole message as text (never as HTML),
 * clickable e-mail and phone, the page that brought the visitor, the status, who handles it and
 * when to follow it up, the reply composer, the timeline, internal notes and erasure (issue 22).
 * Open while the URL names it; closing goes back to `closeTo`.
 */
export function ContactDetailDialog({
  contact,
  timeline,
  staff,
  draft,
  closeTo,
  eraseButton,
}: {
  contact: ContactDetail;
  timeline: ContactTimelineData | null;
  staff: StaffMember[];
  draft: ContactReply;
  closeTo: string;
  eraseButton: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      defaultOpen
      onOpenChange={(open) => {
        if (!open) void navigate({ search: closeTo }, { preventScrollReset: true });
      }}
    >
      <DialogContent
        className="max-w-2xl"
        // Not onto the status select, where an arrow key would change the status: the window itself.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">{contact.name}</DialogTitle>
          <DialogDescription className="break-words">{contact.subject || "Sans objet"}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="min-w-0 break-all">
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
            >
              <Mail className="size-3.5 shrink-0" aria-hidden />
              {contact.email}
            </a>
          </dd>
          <dt className="text-muted-foreground">Téléphone</dt>
          <dd>
            {contact.phone ? (
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
              >
                <Phone className="size-3.5 shrink-0" aria-hidden />
                {contact.phone}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="text-muted-foreground">Service</dt>
          <dd>{serviceTypeLabels[contact.serviceType as ServiceType] ?? contact.serviceType}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatDateTime(contact.createdAt)}</dd>
          <dt className="text-muted-foreground">Page d'origine</dt>
          <dd className="min-w-0 break-all">
            {contact.sourcePage ? (
              <SitePageLink
                path={contact.sourcePage}
                className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
              >
                {contact.sourcePage}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                <span className="sr-only"> (nouvel onglet)</span>
              </SitePageLink>
            ) : (
              <span className="text-muted-foreground">Inconnue</span>
            )}
          </dd>
          <dt className="text-muted-foreground">Origine</dt>
          <dd className="min-w-0 break-all" data-testid="contact-origin">
            <ContactOrigin contact={contact} />
          </dd>
          <dt className="self-center text-muted-foreground">Statut</dt>
          <dd>
            <ContactStatusSelect id={contact.id} status={contact.status} label="Statut de la demande" />
          </dd>
          <dt className="self-center text-muted-foreground">Attribuée à</dt>
          <dd>
            <AssigneeSelect contact={contact} staff={staff} />
          </dd>
          <dt className="self-center text-muted-foreground">À relancer le</dt>
          <dd>
            <FollowUpForm contact={contact} />
          </dd>
        </dl>

        <section aria-labelledby="contact-message" className="flex flex-col gap-2">
          <h3 id="contact-message" className="text-sm font-medium">
            Message
          </h3>
          <p className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-background/60 p-3 text-sm">
            {contact.message}
          </p>
        </section>

        {timeline ? <ContactTimeline timeline={timeline} /> : null}

        <Notes contact={contact} />

        <DialogFooter className="gap-2 border-t pt-4 sm:justify-between">
          {eraseButton}
          <ReplyDialog contact={contact} draft={draft} />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Notes({ contact }: { contact: ContactDetail }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useForm({
    // A new note saved: a fresh, empty form.
    id: `note-${contact.id}-${contact.notes.length}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { body: "" },
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactNoteSchema }),
  });
  const saving = fetcher.state !== "idle";
  return (
    <section aria-labelledby="contact-notes" className="flex flex-col gap-3">
      <h3 id="contact-notes" className="text-sm font-medium">
        Notes internes
      </h3>
      {contact.notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune note pour cette demande.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {contact.notes.map((note) => (
            <li key={note.id} className="rounded-md border bg-background/40 p-3 text-sm">
              <p className="mb-1 text-xs text-muted-foreground">
                {note.authorEmail ?? "Compte supprimé"} · {formatDateTime(note.createdAt)}
              </p>
              <p className="whitespace-pre-wrap break-words">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={contact.id} />
        <TextareaField
          meta={fields.body}
          label="Ajouter une note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder="Rappelé le client, devis envoyé..."
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <PendingButton variant="secondary" className="self-end" pending={saving}>
          Ajouter la note
        </PendingButton>
      </fetcher.Form>
    </section>
  );
}

/** Where the visit came from: source → first page, campaign, and the form's page and device. */
function ContactOrigin({ contact }: { contact: ContactDetail }) {
  const lines = originLines(contact);
  const sentFrom = [
    contact.formPage ? `formulaire envoyé depuis ${contact.formPage}` : null,
    contact.deviceType ? (deviceLabels[contact.deviceType] ?? contact.deviceType).toLowerCase() : null,
  ].filter(Boolean);
  if (lines.length === 0 && sentFrom.length === 0)
    return <span className="text-muted-foreground">Inconnue</span>;
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {sentFrom.length > 0 ? (
        <span className="block text-xs text-muted-foreground">
          {sentFrom.join(", ").replace(/^./, (first) => first.toUpperCase())}
        </span>
      ) : null}
    </>
  );
}
