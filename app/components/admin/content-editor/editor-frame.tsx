import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form, useActionData } from "react-router";
import { PreviewDialog } from "~/components/admin/editor-dialogs";
import { FormErrors } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { revealField, useRevealFirstError } from "~/components/admin/reveal-first-error";
import { RevisionHistory } from "~/components/admin/revision-history";
import { StatusBadge } from "~/components/admin/status-badge";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import type { ChecklistInput } from "~/lib/admin/publish-checklist";
import type { RevisionSummary } from "~/lib/admin/revisions";
import type { ContentStatus } from "~/lib/enums";
import { AutosaveStatus, DraftRecovery, useAutosave, type Autosave } from "./autosave";
import { PublishChecklist, usePublishWarnings } from "./publish-checklist";
import { SaveBar } from "./save-bar";
import { SessionExpiredDialog } from "./session-expired";

/**
 * The frame of a content editor (article, project, CMS page; back-office.md §2.6, §2.10, §2.14):
 * the header (title, back link, the stored row's `status` with its public page when it has one, or
 * a `description` for a new row; 'Historique' when `revisions` are given, 'Aperçu' of the form's
 * values, then any other `actions`), the form posting intent "save" with the version it was opened
 * with (stale-save check), the form's own errors, the 'Annuler' / save bar and the unsaved-changes
 * guard, the autosave of the form as the person's draft and the offer of a newer one ('Restaurer',
 * 'Ignorer'; autosave.tsx). A refused submit, or an answer of the server with field errors, gives the cursor to the
 * first field in error, once `onRevealSection` has opened the sections (`data-section`) around it.
 * A save refused because the session ended (the route's `clientAction` is `editorClientAction`)
 * asks to sign in again in place, then saves (session-expired.tsx).
 * While the form's status publishes the item, `checklist` gives the pre-publish warnings
 * ('Vérifications avant publication', above the save bar and in the preview): each one's link
 * reveals its field (tabs opened, cursor put there); they never block the save.
 * `aside` comes after the form (dialogs, sharing).
 *
 *   const { form, fields } = useEditorForm({ id, schema, defaultValue: values });
 *   <EditorFrame form={form} title="Modifier la page" back={{ to: "/admin/cms", label: "Retour…" }}
 *     status={{ value: "published", publicUrl: "/garanties" }} revisions={revisions}
 *     preview={{ title: "Aperçu de la page", path: `/admin/cms/preview/${id}`, data: current }}
 *     updatedAt={values.updatedAt} saveLabel="Enregistrer les modifications">…fields…</EditorFrame>
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's values
export function EditorFrame<Values extends Record<string, any>>({
  form,
  title,
  back,
  status,
  description,
  revisions,
  preview,
  actions,
  updatedAt,
  autosave,
  checklist,
  saveLabel,
  onSubmit,
  onRevealSection,
  aside,
  children,
}: {
  form: FormMetadata<Values, string[]>;
  title: string;
  /** The list the editor belongs to: the back link and 'Annuler' go there. */
  back: { to: string; label: string };
  /** The stored row: its status badge, its public page (when it is public), a note (the publication date). */
  status?: { value: ContentStatus; publicUrl?: string | null; note?: React.ReactNode };
  /** Shown instead of a status (a new row). */
  description?: React.ReactNode;
  revisions?: RevisionSummary[];
  /** 'Aperçu' (editor-dialogs.tsx): the preview route and the form's current values. */
  preview: { title: string; path: string; data: unknown; notice?: React.ReactNode };
  /** After 'Historique' and 'Aperçu'. */
  actions?: React.ReactNode;
  updatedAt: string;
  /** Where the form's autosaves go, and the person's newer draft to offer (the loader's `autosaveFor`). */
  autosave: Autosave;
  /** The form's values for the pre-publish checklist (null: the status does not publish), and the site's address. */
  checklist: { input: ChecklistInput | null; siteUrl: string };
  saveLabel: string;
  /** Wraps Conform's submit handler (`validate`), for checks of the screen's own. */
  onSubmit?: (
    event: React.FormEvent<HTMLFormElement>,
    validate: (event: React.FormEvent<HTMLFormElement>) => void,
  ) => void;
  onRevealSection?: (sections: string[]) => void;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  const fieldsRoot = useRef<HTMLDivElement>(null);
  // The server's refusals too (a slug already taken).
  const answer = useActionData();
  useRevealFirstError(fieldsRoot, (sections) => onRevealSection?.(sections), { focus: true, answer });
  const formProps = getFormProps(form);
  const savedAt = useAutosave(form.id, autosave);
  // The draft offered, until 'Restaurer' or 'Ignorer' answers it.
  const [answeredDraft, setAnsweredDraft] = useState<string | null>(null);
  const draft = autosave.draft && autosave.draft.updatedAt !== answeredDraft ? autosave.draft : null;
  const warnings = usePublishWarnings(checklist.input, checklist.siteUrl);
  const fieldIds = form.getFieldset() as Record<string, { id: string } | undefined>;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={title}
        back={back}
        description={
          status ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={status.value} />
              {status.publicUrl ? (
                <a href={status.publicUrl} target="_blank" rel="noreferrer" className="underline">
                  Voir sur le site<span className="sr-only"> (nouvel onglet)</span>
                </a>
              ) : null}
              {status.note}
            </span>
          ) : (
            description
          )
        }
        actions={
          <>
            {revisions ? <RevisionHistory revisions={revisions} updatedAt={updatedAt} /> : null}
            <PreviewDialog
              {...preview}
              notice={
                <>
                  {preview.notice}
                  {checklist.input ? <PublishChecklist warnings={warnings} /> : null}
                </>
              }
            />
            {actions}
          </>
        }
      />
      {draft ? (
        <DraftRecovery
          draft={draft}
          target={autosave}
          onRestore={(values) => {
            form.update({ value: values });
            // The controls are drawn again with the draft's values; the unsaved-changes guard
            // and the autosave follow input events.
            requestAnimationFrame(() => document.getElementById(form.id)?.dispatchEvent(new Event("input")));
          }}
          onDone={() => setAnsweredDraft(draft.updatedAt)}
        />
      ) : null}
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => (onSubmit ? onSubmit(event, formProps.onSubmit) : formProps.onSubmit(event))}
        className="flex flex-col gap-6"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="updatedAt" value={updatedAt} />
        <div ref={fieldsRoot} className="flex flex-col gap-6">
          {children}
        </div>
        {checklist.input ? (
          <PublishChecklist
            warnings={warnings}
            onSelect={(field) => {
              const id = fieldIds[field]?.id;
              if (id) revealField(id);
            }}
          />
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <SaveBar
          formId={form.id}
          label={saveLabel}
          cancelTo={back.to}
          status={<AutosaveStatus savedAt={savedAt} />}
        />
      </Form>
      {aside}
      <UnsavedChangesGuard formId={form.id} />
      <SessionExpiredDialog answer={answer} formId={form.id} />
    </div>
  );
}
