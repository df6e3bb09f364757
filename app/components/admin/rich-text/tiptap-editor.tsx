import Image from "@tiptap/extension-image";
import { AllSelection, Selection, TextSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { UploadStatus, useImageUpload } from "~/components/admin/upload-drop-zone";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { ImageForm } from "./image-form";
import { LinkForm } from "./link-form";
import { HTML_TEXTAREA_CLASS, HtmlCodeNote, RichTextFrame } from "./frame";
import { cleanPastedHtml } from "./paste";
import { Toolbar } from "./toolbar";
import type { Replacing, RichTextEditorProps } from "./types";

/*
 * The visual editor behind RichTextEditor, loaded only once a screen that uses it is hydrated.
 * Its schema (StarterKit, links, images) is a subset of the public allowlist, and its dialogs take
 * the addresses that allowlist keeps (app/lib/content-html.ts), so whatever it produces survives
 * sanitizing.
 */

/** Elements of the allowlist the visual editor cannot represent: editing visually would drop them. */
const HTML_ONLY_ELEMENTS = /<(table|figure|figcaption|sub|sup|mark|small|caption)[\s>]/i;

type Mode = "visual" | "html";

/** Where the textarea's selection began and ended, while its HTML is parsed (private use area). */
const SELECTION_MARKS = ["\uE000", "\uE001"] as const;

export default function TiptapEditor({
  id,
  name,
  defaultValue,
  onChange,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
  "aria-labelledby": labelledBy,
  label = "Contenu",
  replacing,
}: RichTextEditorProps & { replacing?: Replacing }) {
  const initial = defaultValue ?? "";
  const [html, setHtml] = useState(initial);
  const [mode, setMode] = useState<Mode>(HTML_ONLY_ELEMENTS.test(initial) ? "html" : "visual");
  // Which form the dialog holds is kept while it closes (its content fades out with it).
  const [dialog, setDialog] = useState<{ form: "link" | "image"; open: boolean }>({
    form: "link",
    open: false,
  });
  const openDialog = (form: "link" | "image") => setDialog({ form, open: true });
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const uploader = useImageUpload("image");
  const toolbar = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  function update(next: string) {
    setHtml(next);
    changed.current = true;
    onChangeRef.current?.(next);
  }
  // The hidden field changes like a typed one would: Conform and the unsaved-changes guard follow
  // `input` events.
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [html]);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        // target/rel only where staff ask for a new tab (the sanitizer then adds noopener).
        link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: HTML_ONLY_ELEMENTS.test(initial) ? "" : initial,
    editorProps: {
      attributes: {
        id: mode === "visual" ? id : `${id}-visual`,
        role: "textbox",
        "aria-multiline": "true",
        ...(labelledBy ? { "aria-labelledby": labelledBy } : { "aria-label": label }),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rich-content min-h-72 px-4 py-3 outline-none",
      },
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown(_view, event) {
        // Alt+F10 reaches the toolbar from the text (the usual editor shortcut); Ctrl/Cmd+K a link.
        if (event.altKey && event.key === "F10") {
          event.preventDefault();
          toolbar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
          event.preventDefault();
          openDialog("link");
          return true;
        }
        return false;
      },
      handleDrop(view, event) {
        const file = event.dataTransfer?.files[0];
        if (!file?.type.startsWith("image/")) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void uploader.upload(file).then((asset) => {
          if (asset && editorRef.current)
            editorRef.current
              .chain()
              .focus(at)
              .setImage({ src: asset.url, alt: asset.altText ?? "" })
              .run();
        });
        return true;
      },
      handlePaste(_view, event) {
        const file = event.clipboardData?.files[0];
        if (!file?.type.startsWith("image/")) return false;
        event.preventDefault();
        void uploader.upload(file).then((asset) => {
          if (asset) editorRef.current?.chain().focus().setImage({ src: asset.url, alt: "" }).run();
        });
        return true;
      },
    },
    onUpdate({ editor }) {
      update(editor.isEmpty ? "" : editor.getHTML());
    },
    onCreate({ editor }) {
      if (replacing) takeOver(editor, replacing);
    },
  });
  const editorRef = useRef<Editor | null>(null);
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // The label's id moves with the mode: the control shown is the one the label names.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          id: mode === "visual" ? id : `${id}-visual`,
        },
      },
    });
  }, [editor, id, mode]);

  const htmlArea = useRef<HTMLTextAreaElement>(null);
  /**
   * Takes the place of the textarea shown until now, in one task (no keystroke can fall between):
   * its text, typed even before the page's JavaScript ran, its caret and its focus.
   */
  function takeOver(editor: Editor, from: Replacing) {
    const textarea = from.textarea();
    const value = textarea?.value ?? initial;
    const focused = textarea !== null && document.activeElement === textarea;
    const [start, end] = [textarea?.selectionStart ?? value.length, textarea?.selectionEnd ?? value.length];
    const next: Mode = HTML_ONLY_ELEMENTS.test(value) ? "html" : "visual";
    if (next === "visual") {
      const [open, close] = SELECTION_MARKS;
      // All of it selected: all of it in the editor (marks around the tags would make paragraphs).
      const all = start === 0 && end === value.length && end > 0;
      const marked = focused && !all && !value.includes(open) && !value.includes(close);
      setQuietly(
        editor,
        marked ? value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end) : value,
      );
      const at = marked ? selectionMarks(editor) : undefined;
      // A caret inside a tag left its mark in an attribute: the text again, without the marks.
      if (marked && !at) setQuietly(editor, value);
      const { tr } = editor.state;
      if (at)
        tr.delete(at.to, at.to + 1)
          .delete(at.from, at.from + 1)
          .setSelection(TextSelection.create(tr.doc, at.from, at.to - 1));
      else if (focused) tr.setSelection(all ? new AllSelection(tr.doc) : Selection.atEnd(tr.doc));
      if (focused) editor.view.dispatch(tr.setMeta("addToHistory", false).setMeta("preventUpdate", true));
    }
    flushSync(() => {
      setMode(next);
      if (value !== initial) update(next === "visual" ? (editor.isEmpty ? "" : editor.getHTML()) : value);
      from.replace();
    });
    if (!focused) return;
    // Focused at once (Tiptap's focus command waits for the next frame, a keystroke could come first).
    if (next === "visual") editor.view.focus();
    else {
      htmlArea.current?.focus();
      htmlArea.current?.setSelectionRange(start, end);
    }
  }

  function switchTo(next: Mode) {
    if (next === mode) return;
    if (next === "visual") editor?.commands.setContent(html, { emitUpdate: false });
    setMode(next);
  }

  const htmlOnly = HTML_ONLY_ELEMENTS.test(html);

  return (
    <RichTextFrame
      invalid={invalid}
      hidden={replacing !== undefined}
      bar={
        <>
          {mode === "visual" && editor ? (
            <Toolbar
              editor={editor}
              containerRef={toolbar}
              onLink={() => openDialog("link")}
              onImage={() => openDialog("image")}
            />
          ) : (
            <HtmlCodeNote />
          )}
          <div role="group" aria-label="Mode d'édition" className="flex rounded-md bg-muted p-0.5">
            {(
              [
                ["visual", "Visuel"],
                ["html", "HTML"],
              ] as const
            ).map(([value, text]) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                onClick={() => switchTo(value)}
                className={cn(
                  "rounded px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring",
                  mode === value
                    ? "bg-background text-foreground shadow"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {text}
              </button>
            ))}
          </div>
        </>
      }
    >
      {/* Until it replaces the textarea, the textarea's value is the field. */}
      {replacing ? null : <input ref={hidden} type="hidden" name={name} value={html} />}
      {mode === "html" ? (
        <>
          {htmlOnly ? (
            <p className="border-b bg-amber-500/10 px-4 py-2 text-xs text-amber-200">
              Ce contenu contient des éléments que l'éditeur visuel ne sait pas afficher (tableaux, légendes…)
              : ils seraient perdus en mode Visuel. Modifiez-le ici pour les conserver.
            </p>
          ) : null}
          <textarea
            ref={htmlArea}
            id={id}
            value={html}
            onChange={(event) => update(event.target.value)}
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...(labelledBy ? { "aria-labelledby": labelledBy } : {})}
            className={HTML_TEXTAREA_CLASS}
          />
        </>
      ) : null}
      {/* Kept mounted in HTML mode (hidden): the editor and its undo history live on. */}
      {/* As tall as the editor's text before the editor exists: nothing below moves when it does. */}
      <div hidden={mode === "html"} className="min-h-72">
        <EditorContent editor={editor} />
        <div className="px-3 pb-2 empty:hidden">
          <UploadStatus uploader={uploader} />
        </div>
      </div>

      {editor ? (
        <Dialog open={dialog.open} onOpenChange={(open) => (open ? openDialog(dialog.form) : closeDialog())}>
          <DialogContent className={dialog.form === "image" ? "max-w-xl" : undefined}>
            {dialog.form === "link" ? (
              <LinkForm editor={editor} close={closeDialog} />
            ) : (
              <ImageForm editor={editor} close={closeDialog} />
            )}
          </DialogContent>
        </Dialog>
      ) : null}
    </RichTextFrame>
  );
}

/** Sets the editor's content without an entry in its undo history and without an update. */
function setQuietly(editor: Editor, html: string) {
  editor
    .chain()
    .command(({ tr }) => {
      tr.setMeta("addToHistory", false);
      return true;
    })
    .setContent(html, { emitUpdate: false })
    .run();
}

/** Where the selection's marks are in the editor's text, if both reached the text. */
function selectionMarks(editor: Editor) {
  const found: number[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (!node.isText) return true;
    SELECTION_MARKS.forEach((mark, which) => {
      const index = node.text!.indexOf(mark);
      if (index >= 0) found[which] = pos + index;
    });
    return true;
  });
  const [from, to] = found;
  return from !== undefined && to !== undefined && from < to ? { from, to } : undefined;
}
