import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useInputControl,
  type FieldMetadata,
} from "@conform-to/react";
import { CircleAlert } from "lucide-react";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

/**
 * Form fields on Conform: one `Field` links a visible label, the control, an optional description
 * and the field's errors (`aria-describedby`, `aria-invalid`). The control's `name` is the
 * Conform field's name, i.e. the schema key: use the spec's form field names there (`title`,
 * `metaTitle`, `readTime`, ...). Conform focuses the first invalid field after a refused submit.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/** What a custom control must carry to be linked to its label, description and errors. */
export type ControlProps = {
  id: string;
  name: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FieldFrameProps = {
  meta: AnyField;
  label: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
};

function describedBy(meta: AnyField, description: React.ReactNode) {
  return [description ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null]
    .filter(Boolean)
    .join(" ");
}

/** The props linking a control to a field (for `Field`'s render prop and the ready-made fields). */
export function controlProps(meta: AnyField, description?: React.ReactNode): ControlProps {
  const ids = describedBy(meta, description);
  return {
    id: meta.id,
    name: meta.name,
    ...(ids ? { "aria-describedby": ids } : {}),
    ...(meta.errors?.length ? { "aria-invalid": true as const } : {}),
  };
}

/** The errors of one field (or the form), announced when they appear. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="text-sm text-red-300">
          {error}
        </li>
      ))}
    </ul>
  );
}

/**
 * Label, control, description and errors for any control. `children` receives the props to spread
 * on the control (id, name, aria-*).
 *
 *   <Field meta={fields.content} label="Contenu">
 *     {(control) => <RichTextEditor {...control} defaultValue={fields.content.initialValue} />}
 *   </Field>
 */
export function Field({
  meta,
  label,
  description,
  className,
  children,
}: FieldFrameProps & { children: (control: ControlProps) => React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      {children(controlProps(meta, description))}
      {description ? (
        <p id={meta.descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type InputType =
  "text" | "email" | "url" | "number" | "date" | "datetime-local" | "password" | "tel" | "search";

/** A one-line text input (`type` text by default). Other input props pass through. */
export function TextField({
  meta,
  label,
  description,
  className,
  type = "text",
  ...inputProps
}: FieldFrameProps & { type?: InputType } & Omit<React.ComponentProps<"input">, "type" | "name" | "id">) {
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      {(control) => (
        <Input
          {...getInputProps(meta, { type, ariaAttributes: false })}
          key={meta.key}
          {...control}
          {...inputProps}
        />
      )}
    </Field>
  );
}

/** A multi-line text input. */
export function TextareaField({
  meta,
  label,
  description,
  className,
  ...textareaProps
}: FieldFrameProps & Omit<React.ComponentProps<"textarea">, "name" | "id">) {
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      {(control) => (
        <Textarea
          {...getTextareaProps(meta, { ariaAttributes: false })}
          key={meta.key}
          {...control}
          {...textareaProps}
        />
      )}
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

/** The browser's select over `options`; `placeholder` adds a first, empty choice. */
export function SelectField({
  meta,
  label,
  description,
  className,
  options,
  placeholder,
  ...selectProps
}: FieldFrameProps & {
  options: readonly SelectOption[];
  placeholder?: string;
} & Omit<React.ComponentProps<"select">, "name" | "id">) {
  return (
    <Field meta={meta} label={label} description={description} className={className}>
      {(control) => (
        <NativeSelect
          {...getSelectProps(meta, { ariaAttributes: false })}
          key={meta.key}
          {...control}
          {...selectProps}
        >
          {placeholder !== undefined ? <NativeSelectOption value="">{placeholder}</NativeSelectOption> : null}
          {options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * A yes/no field, drawn as a checkbox or a switch. It posts "on" when on and nothing when off
 * (parse it with `z.boolean()` through Conform's coercion, or `checkboxSchema` in lib/schemas).
 */
export function ToggleField({
  meta,
  label,
  description,
  className,
  variant = "checkbox",
  disabled,
}: FieldFrameProps & { variant?: "checkbox" | "switch"; disabled?: boolean }) {
  const control = useInputControl(meta as FieldMetadata<string>);
  const Control = variant === "switch" ? Switch : Checkbox;
  const props = controlProps(meta, description);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center gap-3">
        <Control
          id={props.id}
          aria-describedby={props["aria-describedby"]}
          aria-invalid={props["aria-invalid"]}
          name={meta.name}
          value="on"
          checked={control.value === "on"}
          onCheckedChange={(checked) => control.change(checked ? "on" : "")}
          onBlur={control.blur}
          disabled={disabled}
        />
        <Label htmlFor={props.id}>{label}</Label>
      </div>
      {description ? (
        <p id={meta.descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Errors about the whole form (a stale save, a failed write), above the buttons. Give it the
 * form's `errorId` so `getFormProps` links the form to it.
 */
export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <ul className="flex flex-col gap-1">
        {shown.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Puts `value` in the text field `id` (input or textarea) as typing would: through the element's
 * own value setter, so React also sees the change of a controlled input (ImageField's URL), then
 * an `input` event, which Conform, live previews and the unsaved-changes guard follow. For values
 * set by code (auto-fill, 'Générer'): Conform's `useInputControl` drops the first change after the
 * person typed in the field, and ignores a change to the value it last set itself.
 */
export function typeInto(id: string, value: string) {
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
