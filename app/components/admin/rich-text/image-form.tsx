import type { Editor } from "@tiptap/react";
import { useId, useState } from "react";
import { AltTextField } from "~/components/admin/alt-text-field";
import { MediaLibraryDialog } from "~/components/admin/media-library-dialog";
import { UploadDropZone, useImageUpload } from "~/components/admin/upload-drop-zone";
import { Button } from "~/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { MediaAsset } from "~/lib/admin/media";
import { isAllowedImageSource } from "~/lib/content-html";
import { AddressInput } from "./address-input";

/** 'Insérer une image', in the editor's dialog: uploaded, chosen in the media library or by address (one the public allowlist keeps). */
export function ImageForm({ editor, close }: { editor: Editor; close: () => void }) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const uploader = useImageUpload("image");
  const ids = { alt: useId() };

  function choose(asset: MediaAsset) {
    setSrc(asset.url);
    if (!alt && asset.altText) setAlt(asset.altText);
    setError(null);
  }

  function insert(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const value = src.trim();
    if (!isAllowedImageSource(value)) {
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
      {isAllowedImageSource(src.trim()) ? (
        <img src={src.trim()} alt="" className="max-h-48 w-full rounded-md bg-muted object-contain" />
      ) : null}
      <UploadDropZone uploader={uploader} alt={alt.trim() || undefined} onUploaded={choose} />
      <Button type="button" variant="outline" onClick={() => setLibraryOpen(true)}>
        Choisir dans la médiathèque
      </Button>
      <MediaLibraryDialog open={libraryOpen} onOpenChange={setLibraryOpen} onSelect={choose} />
      <AddressInput label="Adresse de l'image" value={src} onChange={setSrc} error={error} />
      <AltTextField
        id={ids.alt}
        value={alt}
        onChange={setAlt}
        imageChosen={isAllowedImageSource(src.trim())}
      />
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
