import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { UploadStatus, useImageUpload } from "~/components/admin/upload-drop-zone";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { ImageForm } from "./image-form";
import { LinkForm } from "./link-form";
import { HTML_TEXTAREA_CLASS, HtmlCodeNote, RichTextFrame } from "./frame";
import { cleanPastedHtml } from "./paste";
import { Toolbar } from "./toolbar";
import type { RichTextEditorProps } from "./types";

/*
 * The visual editor behind RichTextEditor, loaded only once a screen that uses it is hydrated.
 * Its schema (StarterKit, links, images) is a subset of the public allowlist, and its dialogs take
 * the addresses that allowlist keeps (app/lib/content-html.ts), so whatever it produces survives
 * sanitizing.
 */

/** Elements of the allowlist the visual editor cannot represent: editing visually would drop them. */
const HTML_ONLY_ELEMENTS = /<(table|figure|figcaption|sub|sup|mark|small|caption)[\s>]/i;

type Mode = "visual" | "html";

export default function TiptapEditor({
  id,
  name,
  defaultValue,
  onChange,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
  "aria-labelledby": labelledBy,
  label = "Contenu",
  focusOnLoad = false,
}: RichTextEditorProps) {
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
    autofocus: focusOnLoad ? "end" : false,
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

  function switchTo(next: Mode) {
    if (next === mode) return;
    if (next === "visual") editor?.commands.setContent(html, { emitUpdate: false });
    setMode(next);
  }

  const htmlOnly = HTML_ONLY_ELEMENTS.test(html);

  return (
    <RichTextFrame
      invalid={invalid}
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
      <input ref={hidden} type="hidden" name={name} value={html} />
      {mode === "html" ? (
        <>
          {htmlOnly ? (
            <p className="border-b bg-amber-500/10 px-4 py-2 text-xs text-amber-200">
              Ce contenu contient des éléments que l'éditeur visuel ne sait pas afficher (tableaux, légendes…)
              : ils seraient perdus en mode Visuel. Modifiez-le ici pour les conserver.
            </p>
          ) : null}
          <textarea
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
