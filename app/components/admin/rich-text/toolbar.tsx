import { useEditorState, type Editor } from "@tiptap/react";
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
import { useState } from "react";
import { cn } from "~/lib/cn";

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
export function Toolbar({
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
