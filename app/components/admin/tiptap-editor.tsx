import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { MediaLibraryDialog } from "~/components/admin/media-library-dialog";
import { UploadDropZone, UploadStatus, useImageUpload } from "~/components/admin/upload-drop-zone";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { MediaAsset } from "~/lib/admin/media";
import { cn } from "~/lib/cn";
import type { RichTextEditorProps } from "./rich-text-editor";

/*
 * The visual editor behind RichTextEditor, loaded only once a screen that uses it is hydrated.
 * Its schema (StarterKit, links, images) is a subset of the public allowlist
 * (app/server/content/sanitize.server.ts), so whatever it produces survives sanitizing.
 */

/** Elements of the allowlist the visual editor cannot represent: editing visually would drop them. */
const HTML_ONLY_ELEMENTS = /<(table|figure|figcaption|sub|sup|mark|small|caption)[\s>]/i;

/** Word and Google Docs wrap pasted text in markup no schema wants; the schema drops the rest. */
function cleanPastedHtml(html: string) {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(style|xml|meta|link|title)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<(meta|link)[^>]*>/gi, "")
    .replace(/<\/?o:p>/gi, "")
    .replace(/\s(class|style|lang|dir)="[^"]*"/gi, "");
}

/** Links staff may add: the public allowlist's schemes, or an address of this site. */
function isAcceptableHref(href: string) {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) || (href.startsWith("/") && !href.startsWith("//"));
}

/** Images: absolute http(s) URLs or our own media files, as the public allowlist keeps them. */
function isAcceptableImageSrc(src: string) {
  return /^https?:\/\/\S+$/i.test(src) || /^\/media\/\S+$/.test(src);
}

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
}: RichTextEditorProps) {
  const initial = defaultValue ?? "";
  const [html, setHtml] = useState(initial);
  const [mode, setMode] = useState<Mode>(HTML_ONLY_ELEMENTS.test(initial) ? "html" : "visual");
  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
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
          setDialog("link");
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
    <div
      className={cn(
        "overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring",
        invalid && "border-destructive",
      )}
    >
      <input ref={hidden} type="hidden" name={name} value={html} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-2 py-1.5">
        {mode === "visual" && editor ? (
          <Toolbar
            editor={editor}
            containerRef={toolbar}
            onLink={() => setDialog("link")}
            onImage={() => setDialog("image")}
          />
        ) : (
          <p className="px-1 text-xs text-muted-foreground">Édition du code HTML</p>
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
      </div>

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
            className="block min-h-72 w-full resize-y bg-transparent px-4 py-3 font-mono text-sm outline-none"
          />
        </>
      ) : null}
      {/* Kept mounted in HTML mode (hidden): the editor and its undo history live on. */}
      <div hidden={mode === "html"}>
        <EditorContent editor={editor} />
        <div className="px-3 pb-2">
          <UploadStatus uploader={uploader} />
        </div>
      </div>

      {editor ? (
        <>
          <LinkDialog
            editor={editor}
            open={dialog === "link"}
            onOpenChange={(open) => setDialog(open ? "link" : null)}
          />
          <ImageDialog
            editor={editor}
            open={dialog === "image"}
            onOpenChange={(open) => setDialog(open ? "image" : null)}
          />
        </>
      ) : null}
    </div>
  );
}

type Tool = {
  label: string;
  shortcut?: string;
  Icon: LucideIcon;
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const formatting: Tool[][] = [
  [
    {
      label: "Titre de section",
      Icon: Heading2,
      active: (e) => e.isActive("heading", { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Sous-titre",
      Icon: Heading3,
      active: (e) => e.isActive("heading", { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    {
      label: "Gras",
      shortcut: "Ctrl+B",
      Icon: Bold,
      active: (e) => e.isActive("bold"),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: "Italique",
      shortcut: "Ctrl+I",
      Icon: Italic,
      active: (e) => e.isActive("italic"),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
  ],
  [
    {
      label: "Liste à puces",
      Icon: List,
      active: (e) => e.isActive("bulletList"),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Liste numérotée",
      Icon: ListOrdered,
      active: (e) => e.isActive("orderedList"),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: "Citation",
      Icon: Quote,
      active: (e) => e.isActive("blockquote"),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
  ],
];

const history: Tool[] = [
  {
    label: "Annuler",
    shortcut: "Ctrl+Z",
    Icon: Undo2,
    enabled: (e) => e.can().undo(),
    run: (e) => e.chain().focus().undo().run(),
  },
  {
    label: "Rétablir",
    shortcut: "Ctrl+Maj+Z",
    Icon: Redo2,
    enabled: (e) => e.can().redo(),
    run: (e) => e.chain().focus().redo().run(),
  },
];

/**
 * The formatting toolbar (WAI-ARIA toolbar: one Tab stop, arrow keys between buttons, Home/End).
 * Each button says what it does and whether it is on (aria-pressed).
 */
function Toolbar({
  editor,
  containerRef,
  onLink,
  onImage,
}: {
  editor: Editor;
  containerRef: React.RefObject<HTMLDivElement | null>;
  onLink: () => void;
  onImage: () => void;
}) {
  const groups: Tool[][] = [
    ...formatting,
    [
      {
        label: "Lien",
        shortcut: "Ctrl+K",
        Icon: Link2,
        active: (e) => e.isActive("link"),
        run: onLink,
      },
      { label: "Image", Icon: ImagePlus, run: onImage },
    ],
    history,
  ];
  const tools = groups.flat();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      tools.map((tool) => ({
        active: tool.active?.(current) ?? null,
        enabled: tool.enabled?.(current) ?? true,
      })),
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  const [focused, setFocused] = useState(0);

  function move(event: React.KeyboardEvent) {
    const keys: Record<string, (index: number) => number> = {
      ArrowRight: (i) => (i + 1) % tools.length,
      ArrowLeft: (i) => (i - 1 + tools.length) % tools.length,
      Home: () => 0,
      End: () => tools.length - 1,
    };
    const next = keys[event.key];
    if (!next) return;
    event.preventDefault();
    const index = next(focused);
    setFocused(index);
    containerRef.current?.querySelectorAll<HTMLButtonElement>("button")[index]?.focus();
  }

  let index = -1;
  return (
    <div
      ref={containerRef}
      role="toolbar"
      aria-label="Mise en forme"
      onKeyDown={move}
      className="flex flex-wrap items-center gap-0.5"
    >
      {groups.map((group, groupIndex) => (
        <div key={groupIndex} className="flex items-center gap-0.5 border-r pr-1 last:border-r-0 last:pr-0">
          {group.map((tool) => {
            index += 1;
            const position = index;
            const { active, enabled } = state?.[position] ?? { active: null, enabled: true };
            return (
              <button
                key={tool.label}
                type="button"
                tabIndex={position === focused ? 0 : -1}
                title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
                aria-label={tool.label}
                aria-pressed={active ?? undefined}
                // Focus stays in the text: clicking a button must not steal the selection first.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setFocused(position)}
                // aria-disabled, not disabled: the arrow keys still reach it.
                onClick={() => enabled && tool.run(editor)}
                aria-disabled={!enabled || undefined}
                className={cn(
                  "inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-disabled:opacity-40",
                  active && "bg-accent text-foreground",
                )}
              >
                <tool.Icon className="size-4" aria-hidden />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function LinkDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted at each opening: it starts from the link under the cursor. */}
        <LinkForm editor={editor} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({ editor, close }: { editor: Editor; close: () => void }) {
  const existing = editor.isActive("link");
  const attributes = editor.getAttributes("link");
  const [href, setHref] = useState((attributes.href as string | undefined) ?? "");
  const [newTab, setNewTab] = useState(attributes.target === "_blank");
  const [error, setError] = useState<string | null>(null);
  const ids = { href: useId(), error: useId(), newTab: useId() };

  function apply(event: React.FormEvent) {
    // The dialog is portaled out of the page's form in the DOM, not in React: stop its submit here.
    event.preventDefault();
    event.stopPropagation();
    const value = href.trim();
    if (!isAcceptableHref(value)) {
      setError("Veuillez entrer une adresse valide (https://…, /page, mailto:… ou tel:…)");
      return;
    }
    editor
      .chain()
      .focus()
      .extendMarkRange("link")
      .setLink({ href: value, target: newTab ? "_blank" : null, rel: null })
      .run();
    close();
  }

  return (
    <form onSubmit={apply} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{existing ? "Modifier le lien" : "Ajouter un lien"}</DialogTitle>
        <DialogDescription>Le texte sélectionné mènera à cette adresse.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={ids.href}>Adresse</Label>
        <Input
          id={ids.href}
          value={href}
          onChange={(event) => setHref(event.target.value)}
          placeholder="https://…"
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          autoFocus
        />
        {error ? (
          <p id={ids.error} className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.newTab}
          checked={newTab}
          onCheckedChange={(checked) => setNewTab(checked === true)}
        />
        <Label htmlFor={ids.newTab}>Ouvrir dans un nouvel onglet</Label>
      </div>
      <DialogFooter>
        {existing ? (
          <Button
            type="button"
            variant="outline"
            className="sm:mr-auto"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              close();
            }}
          >
            Retirer le lien
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={close}>
          Annuler
        </Button>
        <Button type="submit">Appliquer</Button>
      </DialogFooter>
    </form>
  );
}

function ImageDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <ImageForm editor={editor} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ImageForm({ editor, close }: { editor: Editor; close: () => void }) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const uploader = useImageUpload("image");
  const ids = { src: useId(), alt: useId(), error: useId() };

  function choose(asset: MediaAsset) {
    setSrc(asset.url);
    if (!alt && asset.altText) setAlt(asset.altText);
    setError(null);
  }

  function insert(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const value = src.trim();
    if (!isAcceptableImageSrc(value)) {
      setError("Veuillez entrer une URL valide pour l'image");
      return;
    }
    editor.chain().focus().setImage({ src: value, alt: alt.trim() }).run();
    close();
  }

  return (
    <form onSubmit={insert} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Insérer une image</DialogTitle>
        <DialogDescription>
          Envoyez une image, choisissez-en une dans la médiathèque ou collez son adresse.
        </DialogDescription>
      </DialogHeader>
      {isAcceptableImageSrc(src.trim()) ? (
        <img src={src.trim()} alt="" className="max-h-48 w-full rounded-md bg-muted object-contain" />
      ) : null}
      <UploadDropZone uploader={uploader} alt={alt.trim() || undefined} onUploaded={choose} />
      <Button type="button" variant="outline" onClick={() => setLibraryOpen(true)}>
        Choisir dans la médiathèque
      </Button>
      <MediaLibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} onSelect={choose} />
      <div className="grid gap-2">
        <Label htmlFor={ids.src}>Adresse de l'image</Label>
        <Input
          id={ids.src}
          value={src}
          onChange={(event) => setSrc(event.target.value)}
          placeholder="https://…"
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        {error ? (
          <p id={ids.error} className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.alt}>Texte alternatif</Label>
        <Input
          id={ids.alt}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          placeholder="Ce que montre l'image, pour qui ne la voit pas"
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={close}>
          Annuler
        </Button>
        <Button type="submit" disabled={uploader.state.status === "uploading"}>
          Insérer l'image
        </Button>
      </DialogFooter>
    </form>
  );
}
