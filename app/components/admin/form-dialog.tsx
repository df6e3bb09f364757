import { getFormProps, useForm, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { useFetcherDone } from "./confirm-dialog";
import { FormErrors } from "./fields";
import { formTiming } from "~/lib/admin/form-timing";
import { Icon } from "./icon";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Values = Record<string, any>;
/** A Conform form's fields, typed by the shared schema's input. */
export type Fields<Input extends Values> = Required<{
  [Key in keyof Input]: FieldMetadata<Input[Key], Input, string[]>;
}>;

type FormDialogProps<Input extends Values> = {
  trigger: React.ReactElement;
  title: React.ReactNode;
  description?: React.ReactNode;
  schema: z.ZodType<unknown, Input>;
  intent: string;
  hidden?: Record<string, string>;
  defaultValue: Partial<Input>;
  submitLabel: string;
  pendingLabel?: string;
  action?: string;
  children: (fields: Fields<Input>, form: FormMetadata<Input>) => React.ReactNode;
};

/**
 * A small create/edit form in a dialog (categories, authors, ...): Conform + the shared Zod schema,
 * validated in the browser and again by the action, which receives `intent` and `hidden` with the
 * fields. A refused submit keeps the dialog open with the messages; success (the action's redirect
 * with a toast) closes it. Opening it again starts from `defaultValue`.
 *
 *   <FormDialog trigger={<Button>Ajouter un auteur</Button>} title="Ajouter un auteur"
 *     schema={authorSchema} intent="create" defaultValue={{ name: "", bio: "" }} submitLabel="Ajouter">
 *     {(fields) => <TextField meta={fields.name} label="Nom" />}
 *   </FormDialog>
 */
export function FormDialog<Input extends Values>({
  trigger,
  title,
  description,
  schema,
  intent,
  hidden = {},
  defaultValue,
  submitLabel,
  pendingLabel = "Enregistrement...",
  action,
  children,
}: FormDialogProps<Input>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  const fetcher = useFetcher<FormAnswer>();
  const { pending, onSubmit } = useFetcherDone(fetcher, () => setOpen(false));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) setOpened((count) => count + 1);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <DialogForm
          // A new form state each time the dialog opens.
          key={opened}
          formKey={opened}
          fetcher={fetcher}
          schema={schema}
          intent={intent}
          hidden={hidden}
          defaultValue={defaultValue}
          action={action}
          onSubmit={onSubmit}
          footer={
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={pending}>
                  Annuler
                </Button>
              </DialogClose>
              <Button type="submit" disabled={pending}>
                {pending ? <Icon name="loader-circle" className="animate-spin" /> : null}
                {pending ? pendingLabel : submitLabel}
              </Button>
            </DialogFooter>
          }
        >
          {children}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

/** A row a dialog edits: its id, and its version when the action checks it (409 on a stale save). */
type EditedRow = { id: string; updatedAt?: Date | string };

/**
 * The add/edit dialog of one resource: without `row`, the 'Ajouter …' button (`add`) opens it to
 * create; with `row` (given the row's own `trigger`, its 'Modifier'), it edits that row: the
 * intent, the hidden id and version, the title and the submit label follow.
 *
 *   <RowFormDialog row={author} trigger={trigger} add="Ajouter un auteur" edit="Modifier l'auteur"
 *     schema={authorSchema} defaultValue={...}>{(fields) => ...}</RowFormDialog>
 */
export function RowFormDialog<Input extends Values>({
  row,
  add,
  addButton = add,
  edit,
  trigger,
  ...form
}: Omit<FormDialogProps<Input>, "trigger" | "title" | "intent" | "hidden" | "submitLabel"> & {
  row: EditedRow | undefined;
  add: string;
  /** The button's words when shorter than the title ('Ajouter un bloc'). */
  addButton?: string;
  edit: string;
  trigger?: React.ReactElement;
}) {
  const hidden: Record<string, string> = {};
  if (row) hidden.id = row.id;
  if (row?.updatedAt) hidden.updatedAt = new Date(row.updatedAt).toISOString();
  return (
    <FormDialog
      {...form}
      trigger={
        trigger ?? (
          <Button>
            <Icon name="plus" />
            {addButton}
          </Button>
        )
      }
      title={row ? edit : add}
      intent={row ? "update" : "create"}
      hidden={hidden}
      submitLabel={row ? "Enregistrer" : "Ajouter"}
    />
  );
}

function DialogForm<Input extends Values>({
  formKey,
  fetcher,
  schema,
  intent,
  hidden,
  defaultValue,
  action,
  onSubmit,
  footer,
  children,
}: {
  formKey: number;
  fetcher: ReturnType<typeof useFetcher<FormAnswer>>;
  schema: z.ZodType<unknown, Input>;
  intent: string;
  hidden: Record<string, string>;
  defaultValue: Partial<Input>;
  action?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  footer: React.ReactNode;
  children: (fields: Fields<Input>, form: FormMetadata<Input>) => React.ReactNode;
}) {
  const [lastResult] = useState(() => fetcher.data?.result);
  const [form, fields] = useForm<Input, unknown>({
    id: `dialog-${intent}-${formKey}`,
    // Only answers to this opening count (not one from a previous time the dialog was open).
    lastResult: fetcher.data?.result === lastResult ? undefined : fetcher.data?.result,
    defaultValue: defaultValue as never,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...formProps}
      // After Conform's check, which stops a refused form from being sent.
      onSubmit={(event) => {
        formProps.onSubmit(event);
        onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(fields as Fields<Input>, form)}
      <FormErrors id={form.errorId} errors={form.errors} />
      {footer}
    </fetcher.Form>
  );
}
