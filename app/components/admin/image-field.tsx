import { ImageOff, Images, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { AltTextField } from "~/components/admin/alt-text-field";
import { MediaLibraryDialog } from "~/components/admin/media-library-dialog";
import { UploadDropZone, useImageUpload } from "~/components/admin/upload-drop-zone";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { MediaAsset, UploadKind } from "~/lib/admin/media";
import { cn } from "~/lib/cn";

export type ImageFieldProps = {
  /** The form field the image's URL is posted under (`image`, `ogImage`...). */
  name: string;
  /** The URL input's id, for the caller's `<label htmlFor>`. */
  id: string;
  defaultValue?: string | null;
  /** Every change of URL (typed, uploaded, chosen, removed): for auto-fill and live previews. */
  onChange?: (url: string) => void;
  /** Posts an alt text beside the URL under this name (e.g. a gallery image's `altText`). */
  altName?: string;
  defaultAlt?: string | null;
  /** "icon": the 2 MB limit of custom expertise icons. */
  kind?: UploadKind;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true";
  className?: string;
};

/**
 * An image chosen for a form: drag and drop or choose a file (sent to the media library with a
 * progress bar), pick one already in the library, or type its URL. The URL is an ordinary text
 * input named `name`, so the form posts it (and works without JavaScript). Changes made by upload
 * or choice fire `input` events on it, so Conform and the unsaved-changes guard see them.
 *
 *   <Field meta={fields.image} label="Image principale">
 *     {(control) => <ImageField {...control} defaultValue={fields.image.initialValue} onChange={setImage} />}
 *   </Field>
 */
export function ImageField({
  name,
  id,
  defaultValue,
  onChange,
  altName,
  defaultAlt,
  kind = "image",
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
  className,
}: ImageFieldProps) {
  const [url, setUrl] = useState(defaultValue ?? "");
  const [alt, setAlt] = useState(defaultAlt ?? "");
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const uploader = useImageUpload(kind);
  const urlInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const pending = useRef<("url" | "alt")[]>([]);
  const altId = useId();

  // Values set by upload or choice are announced like typing, once React has put them in the inputs.
  useEffect(() => {
    for (const which of pending.current.splice(0)) {
      const target = which === "alt" ? altInput.current : urlInput.current;
      target?.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [url, alt]);

  function choose(next: string, from: "typed" | "set") {
    setUrl(next);
    setBroken(null);
    if (from === "set") pending.current.push("url");
    onChange?.(next);
  }

  function chooseAsset(asset: MediaAsset) {
    choose(asset.url, "set");
    if (altName && !alt && asset.altText) {
      setAlt(asset.altText);
      pending.current.push("alt");
    }
  }

  const trimmed = url.trim();
  const previewable = trimmed && (trimmed.startsWith("/") || /^https?:\/\//i.test(trimmed));

  return (
    // Side by side when the field has room (its own width, not the screen's: it also sits in columns).
    <div className={cn("@container", className)}>
      <div className="grid gap-4 @lg:grid-cols-[minmax(0,14rem)_1fr]">
        <div
          className={cn(
            "flex aspect-video items-center justify-center overflow-hidden rounded-md border bg-muted",
            invalid && "border-destructive",
          )}
        >
          {previewable && broken !== trimmed ? (
            <img
              src={imageUrlForWidth(trimmed, 640)}
              alt={alt ? `Aperçu : ${alt}` : "Aperçu de l'image"}
              className="h-full w-full object-cover"
              onError={() => setBroken(trimmed)}
            />
          ) : (
            <span className="flex flex-col items-center gap-1 px-3 text-center text-xs text-muted-foreground">
              <ImageOff className="size-6" aria-hidden />
              {previewable ? "Aperçu indisponible" : "Aucune image"}
            </span>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-3">
          <UploadDropZone
            uploader={uploader}
            kind={kind}
            alt={alt.trim() || undefined}
            onUploaded={chooseAsset}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setLibraryOpen(true)}>
              <Images aria-hidden /> Choisir dans la médiathèque
            </Button>
            {trimmed ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => choose("", "set")}>
                <Trash2 aria-hidden /> Retirer l'image
              </Button>
            ) : null}
          </div>
          <Input
            ref={urlInput}
            id={id}
            name={name}
            value={url}
            onChange={(event) => choose(event.target.value, "typed")}
            placeholder="https://… ou choisissez une image ci-dessus"
            inputMode="url"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
          {altName ? (
            <AltTextField
              ref={altInput}
              id={altId}
              name={altName}
              value={alt}
              onChange={setAlt}
              imageChosen={!!trimmed}
            />
          ) : null}
        </div>
        <MediaLibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} onSelect={chooseAsset} />
      </div>
    </div>
  );
}
