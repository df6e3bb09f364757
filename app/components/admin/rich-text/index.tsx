import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/admin/use-hydrated";
import { HTML_TEXTAREA_CLASS, HtmlCodeNote, RichTextFrame } from "./frame";
import type { RichTextEditorProps } from "./types";

export type { RichTextEditorProps };

// The editor (Tiptap, ProseMirror: ~150 KB) is fetched only once a screen using it is hydrated.
const loadEditor = () => import("./tiptap-editor").then((module) => (loaded = module.default));
let loaded: typeof import("./tiptap-editor").default | undefined;

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
  const hydrated = useHydrated();
  // Typed before the page's JavaScript ran: hydrating a textarea resets it to the server's text
  // (React's initTextarea), so the hydrating render reads what it holds and gives it back.
  const [typedBefore] = useState(() => (hydrated ? undefined : textareaValue(props.id)));
  // Reached by client navigation once its code is here, the editor shows at once.
  const [Editor, setEditor] = useState(() => (hydrated ? loaded : undefined));
  const [replaced, setReplaced] = useState(Editor !== undefined);
  // The textarea stays uncontrolled and is read when the editor takes over: what was typed in it,
  // even before the page's JavaScript ran (the server's textarea, hydrated), is in its DOM value.
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (Editor) return;
    let mounted = true;
    void loadEditor().then((editor) => mounted && setEditor(() => editor));
    return () => {
      mounted = false;
    };
  }, [Editor]);

  return (
    <>
      {replaced ? null : (
        <RichTextFrame invalid={props["aria-invalid"]} bar={<HtmlCodeNote />}>
          <textarea
            ref={textarea}
            id={props.id}
            name={props.name}
            defaultValue={typedBefore ?? props.defaultValue ?? ""}
            onChange={(event) => props.onChange?.(event.target.value)}
            aria-describedby={props["aria-describedby"]}
            aria-invalid={props["aria-invalid"] || undefined}
            aria-labelledby={props["aria-labelledby"]}
            className={HTML_TEXTAREA_CLASS}
          />
        </RichTextFrame>
      )}
      {Editor ? (
        <Editor
          {...props}
          // Hidden beside the textarea until it is ready (its own id meanwhile), then it takes the
          // textarea's text, caret and focus as the textarea goes, in one task: no keystroke falls
          // between the two.
          id={replaced ? props.id : `${props.id}-editor`}
          replacing={
            replaced ? undefined : { textarea: () => textarea.current, replace: () => setReplaced(true) }
          }
        />
      ) : null}
    </>
  );
}

function textareaValue(id: string) {
  if (typeof document === "undefined") return undefined;
  const element = document.getElementById(id);
  return element instanceof HTMLTextAreaElement ? element.value : undefined;
}
