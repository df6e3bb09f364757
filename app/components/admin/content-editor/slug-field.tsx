import { TextField, type AnyField } from "~/components/admin/fields";

/**
 * The slug of an article or a project: empty, the address follows the title (`fromTitle`, the
 * slug the server will make of it); the public address is shown under the field.
 */
export function SlugField({
  meta,
  folder,
  fromTitle,
  example,
  className,
}: {
  meta: AnyField;
  /** The public pages' folder: "/blog", "/projects". */
  folder: string;
  fromTitle: string;
  /** The placeholder while the title is empty. */
  example: string;
  className?: string;
}) {
  const typed = typeof meta.value === "string" ? meta.value : "";
  return (
    <TextField
      meta={meta}
      label="Slug"
      className={className}
      placeholder={fromTitle || example}
      description={`Adresse : ${folder}/${typed || fromTitle || "…"}${typed ? "" : " (générée depuis le titre)"}`}
    />
  );
}
