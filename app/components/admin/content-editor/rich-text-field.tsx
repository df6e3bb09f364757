import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/admin/fields";
import { RichTextEditor } from "~/components/admin/rich-text";

/**
 * A rich text field of an editor form: label, the editor, description and errors, its changes
 * followed by Conform like typing. It starts from the field's initial value (again after a reset).
 */
export function RichTextField({
  meta,
  label,
  description,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  description?: React.ReactNode;
}) {
  const control = useInputControl(meta as FieldMetadata<string>);
  return (
    <Field meta={meta} label={label} description={description}>
      {(props) => (
        <RichTextEditor
          {...props}
          key={meta.key}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
          onChange={control.change}
        />
      )}
    </Field>
  );
}
