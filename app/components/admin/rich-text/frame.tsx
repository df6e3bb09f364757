import { cn } from "~/lib/cn";

/**
 * The rich text field's box: a bar over the text. The textarea shown until the editor has loaded
 * and the editor itself take the same room, so that nothing below moves when the editor arrives
 * (a click landing on a button there as it moved would be lost).
 */
export function RichTextFrame({
  invalid,
  bar,
  hidden,
  children,
}: {
  invalid?: boolean | "true";
  bar: React.ReactNode;
  hidden?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      hidden={hidden}
      className={cn(
        "overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring",
        invalid && "border-destructive",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-2 py-1.5">
        {bar}
      </div>
      {children}
    </div>
  );
}

/** The bar's text while the field shows its HTML code: as tall as the toolbar's buttons. */
export function HtmlCodeNote() {
  return <p className="px-1 text-xs leading-8 text-muted-foreground">Édition du code HTML</p>;
}

/** The HTML code's textarea, as tall as the visual editor's text. */
export const HTML_TEXTAREA_CLASS =
  "block min-h-72 w-full resize-y bg-transparent px-4 py-3 font-mono text-sm outline-none";
