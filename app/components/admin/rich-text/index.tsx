import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { HTML_TEXTAREA_CLASS, HtmlCodeNote, RichTextFrame } from "./frame";
import type { RichTextEditorProps } from "./types";

export type { RichTextEditorProps };

// The editor (Tiptap, ProseMirror: ~150 KB) is fetched only once a screen using it is hydrated.
const TiptapEditor = lazy(() => import("./tiptap-editor"));

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
  // Someone already typing in the textarea when the editor arrives keeps typing in the editor.
  const [typing, setTyping] = useState(false);

  const fallback = (
    <RichTextFrame invalid={props["aria-invalid"]} bar={<HtmlCodeNote />}>
      <textarea
        id={props.id}
        name={props.name}
        value={value}
        onFocus={() => setTyping(true)}
        onBlur={() => setTyping(false)}
        onChange={(event) => {
          setValue(event.target.value);
          props.onChange?.(event.target.value);
        }}
        aria-describedby={props["aria-describedby"]}
        aria-invalid={props["aria-invalid"] || undefined}
        aria-labelledby={props["aria-labelledby"]}
        className={HTML_TEXTAREA_CLASS}
      />
    </RichTextFrame>
  );
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <TiptapEditor {...props} defaultValue={value} focusOnLoad={typing} />
    </Suspense>
  );
}
