import { lazy, Suspense, useState } from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

// The editor (Tiptap, ProseMirror: ~150 KB) is fetched only once a screen using it is hydrated.
const TiptapEditor = lazy(() => import("./tiptap-editor"));

export type RichTextEditorProps = {
  /** The form field the HTML is posted under (a hidden input; a textarea before the editor loads). */
  name: string;
  /** Given to the control currently shown, so a `<label htmlFor>` names it. */
  id: string;
  defaultValue?: string | null;
  /** Every change, as HTML ("" when empty): for live previews and Conform's `useInputControl`. */
  onChange?: (html: string) => void;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true";
  /** The visible label's id; without it `label` is the editor's accessible name. */
  "aria-labelledby"?: string;
  label?: string;
};

/**
 * Rich text for articles, projects and CMS pages: a visual editor (headings, bold, italic, lists,
 * quote, link, image, undo/redo) with an HTML mode, producing HTML within the public allowlist.
 * The value travels in a field named `name`, so the form posts plain HTML; without JavaScript
 * (or until the editor has loaded) that field is a plain textarea of HTML.
 *
 *   <Field meta={fields.content} label="Contenu">
 *     {(control) => (
 *       <RichTextEditor {...control} defaultValue={fields.content.initialValue} onChange={content.change} />
 *     )}
 *   </Field>
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [value, setValue] = useState(props.defaultValue ?? "");
  const hydrated = useHydrated();

  const fallback = (
    <textarea
      id={props.id}
      name={props.name}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        props.onChange?.(event.target.value);
      }}
      aria-describedby={props["aria-describedby"]}
      aria-invalid={props["aria-invalid"] || undefined}
      aria-labelledby={props["aria-labelledby"]}
      className={cn(
        "block min-h-80 w-full rounded-md border bg-background px-4 py-3 font-mono text-sm",
        props["aria-invalid"] && "border-destructive",
      )}
    />
  );
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <TiptapEditor {...props} defaultValue={value} />
    </Suspense>
  );
}
