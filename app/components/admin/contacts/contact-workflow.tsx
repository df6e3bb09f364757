import { Loader2, Quote, Reply } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { quoteText } from "~/lib/admin/email-templates";
import { formatDateTime } from "~/lib/format-date";
import { contactReplySchema, REPLY_MAX_LENGTH, type ContactReply } from "~/lib/schemas/contacts";
import type { ContactDetail } from "~/server/contacts/inbox.server.ts";
import type { StaffMember } from "~/server/contacts/workflow.server.ts";
import { TextareaField, TextField } from "../fields";
import { FormDialog } from "../form-dialog";
import { InstantSelect } from "../instant-select";

/**
 * 'Attribuer à' (issue 22): any staff member, or nobody; posts `intent=assign` as soon as it
 * changes. The assignee gets a mail and their bell.
 */
export function AssigneeSelect({ contact, staff }: { contact: ContactDetail; staff: StaffMember[] }) {
  return (
    <InstantSelect
      intent="assign"
      id={contact.id}
      name="assignee"
      label="Attribuer à"
      value={contact.assignedTo ?? ""}
      options={[
        { value: "", label: "Personne" },
        ...staff.map((member) => ({
          value: member.id,
          label:
            member.name && member.name !== member.email ? `${member.name} (${member.email})` : member.email,
        })),
      ]}
      selectClass="h-9 w-full rounded-md border border-input bg-transparent py-1 pl-3 pr-8 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-64"
      className="w-full sm:w-auto"
      chevronClass="right-2.5 size-4 opacity-60"
    />
  );
}

/** 'À relancer le': a day for the follow-up (the daily digest lists it), or none. */
export function FollowUpForm({ contact }: { contact: ContactDetail }) {
  const fetcher = useFetcher();
  const saving = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="follow-up" />
        <input type="hidden" name="id" value={contact.id} />
        <Input
          // A new date saved: the field shows it.
          key={contact.followUpOn ?? "none"}
          type="date"
          name="followUpOn"
          aria-label="À relancer le"
          defaultValue={contact.followUpOn ?? ""}
          className="w-40"
        />
        <Button type="submit" variant="secondary" size="sm" disabled={saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Enregistrer la date
        </Button>
      </fetcher.Form>
      {contact.followUpOn ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="follow-up" />
          <input type="hidden" name="id" value={contact.id} />
          <Button type="submit" variant="ghost" size="sm" disabled={saving}>
            Retirer la relance
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/**
 * 'Répondre' (issue 22): a composer to the visitor, its subject and text from the `contact_reply`
 * template, both editable. Nothing of the visitor's message goes out unless staff quote it
 * ('Citer le message'). Sent through the outbox; the dialog closes on the action's redirect.
 */
export function ReplyDialog({ contact, draft }: { contact: ContactDetail; draft: ContactReply }) {
  return (
    <FormDialog
      trigger={
        <Button type="button">
          <Reply aria-hidden />
          Répondre
        </Button>
      }
      title="Répondre à la demande"
      description={`À ${contact.name} <${contact.email}>, au nom de l'entreprise (les réponses du visiteur arrivent à son adresse de réponse).`}
      schema={contactReplySchema}
      intent="reply"
      hidden={{ id: contact.id }}
      defaultValue={draft}
      submitLabel="Envoyer la réponse"
      pendingLabel="Envoi..."
    >
      {(fields, form) => (
        <>
          <TextField meta={fields.subject} label="Sujet" />
          <TextareaField meta={fields.body} label="Message" rows={12} maxLength={REPLY_MAX_LENGTH} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              form.update({
                name: fields.body.name,
                value: `${fields.body.value ?? ""}\n\nLe ${formatDateTime(contact.createdAt)}, ${contact.name} a écrit :\n${quoteText(contact.message)}`,
              })
            }
          >
            <Quote aria-hidden />
            Citer le message
          </Button>
        </>
      )}
    </FormDialog>
  );
}
