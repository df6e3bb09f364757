import { ArrowDown, ArrowUp, ImagePlus, Images, SearchCheck, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { BatchUploadList, useBatchUpload } from "~/components/admin/batch-upload";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useRowSelection } from "~/components/admin/data-table/selection";
import { DragHandle, SortableArea, useSavedOrder, useSortableItem } from "~/components/admin/sortable";
import { BulkSeoDialog } from "./gallery-seo-dialog";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { notAnImageError } from "~/lib/admin/media";
import { cn } from "~/lib/cn";
import type { ProblemAnswer } from "~/lib/admin/form-answer";
import { moveInList } from "~/lib/admin/ordering";
import { galleryMessages } from "~/lib/schemas/project";
import type { GalleryImage } from "~/server/projects/gallery.server";
import { plural } from "~/lib/plural";

/**
 * A project's gallery (back-office.md §2.11): add one image or several (each with its progress;
 * files that are not images are skipped), reorder by drag and drop (mouse, touch or keyboard) or
 * with 'Monter' / 'Descendre', delete, select images and edit their SEO together. Every change goes
 * to the edit screen's action (`gallery-*` intents, app/server/projects/gallery-actions.server.ts)
 * and comes back as a toast (its answer's `success` or `problem`). A new order shows at
 * once and the next move can follow before it is saved (the saves queue, `useSavedOrder`).
 */
export function ProjectGallery({ images }: { images: GalleryImage[] }) {
  const fetcher = useFetcher<ProblemAnswer>();
  useAnswerToast(fetcher.data);
  const ordering = useFetcher<ProblemAnswer>();
  useAnswerToast(ordering.data);
  // Owned here, not by the tile's dialog: the tile goes away with the image before the answer shows.
  const removal = useFetcher<ProblemAnswer>();
  useAnswerToast(removal.data);
  const [seoOpen, setSeoOpen] = useState(false);
  const batch = useBatchUpload();
  const single = useRef<HTMLInputElement>(null);
  const several = useRef<HTMLInputElement>(null);
  const uploading = batch.items.some((item) => item.status === "uploading" || item.status === "waiting");

  const { ids, change } = useSavedOrder(images.map((image) => image.id));
  // After a move, the pressed button keeps the focus though its tile moved.
  const [moved, setMoved] = useState<{ id: string; direction: "up" | "down" } | null>(null);
  const byId = new Map(images.map((image) => [image.id, image]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const number = (id: string) => ids.indexOf(id) + 1;
  // Images deleted meanwhile leave the selection.
  const selection = useRowSelection(ids);
  const chosen = selection.chosen;

  function body(intent: string, fields: Record<string, string | string[]>) {
    const form = new FormData();
    form.set("intent", intent);
    for (const [name, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    return form;
  }

  // A refused order is answered with an error status: the gallery is reloaded all the same (§8).
  const saveOrder = (form: FormData) => () =>
    ordering.submit(form, { method: "post", defaultShouldRevalidate: true });

  async function add(files: File[], mode: "single" | "several") {
    if (files.length === 0) return;
    if (mode === "single" && files[0] && files[0].type && !files[0].type.startsWith("image/")) {
      toast.error(notAnImageError.title, { description: notAnImageError.description });
      return;
    }
    const result = await batch.run(files);
    if (result.skipped > 0) toast.error("Erreur", { description: galleryMessages.notImages(result.skipped) });
    for (const failure of result.failed)
      toast.error("Erreur", {
        description: galleryMessages.uploadFailed(
          failure.error ? `${failure.file.name} : ${failure.error.description}` : undefined,
        ),
      });
    if (result.uploaded.length === 0) {
      if (result.failed.length > 0 && mode === "several")
        toast.error("Erreur", { description: galleryMessages.noneUploaded });
      return;
    }
    void fetcher.submit(
      body("gallery-add", {
        url: result.uploaded.map(({ asset }) => asset.url),
        // §7: no alt text for a single upload, '{filename} - image {n}' in a batch.
        alt: result.uploaded.map(({ file }, index) =>
          mode === "single" ? "" : `${file.name} - image ${index + 1}`,
        ),
      }),
      { method: "post" },
    );
    batch.clear();
  }

  function reorder(next: string[]) {
    change(next, saveOrder(body("gallery-reorder", { ids: next })));
  }

  function move(imageId: string, direction: "up" | "down") {
    const next = moveInList(ids, imageId, direction);
    if (!next) return;
    setMoved({ id: imageId, direction });
    change(next, saveOrder(body("gallery-move", { imageId, direction })));
  }

  return (
    <section aria-labelledby="gallery-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h2 id="gallery-title" className="text-lg font-semibold">
            Galerie
          </h2>
          <p className="text-sm text-muted-foreground">
            {plural(ordered.length, "image")} · glissez une image ou utilisez les flèches pour changer
            l'ordre.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 lg:shrink-0">
          {(
            [
              ["single", single, false],
              ["several", several, true],
            ] as const
          ).map(([mode, ref, multiple]) => (
            <input
              key={mode}
              ref={ref}
              type="file"
              accept="image/*"
              multiple={multiple}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid={`gallery-input-${mode}`}
              onChange={(event) => {
                void add(Array.from(event.currentTarget.files ?? []), mode);
                event.currentTarget.value = "";
              }}
            />
          ))}
          <Button
            type="button"
            variant="outline"
            disabled={uploading}
            onClick={() => single.current?.click()}
          >
            <ImagePlus aria-hidden />
            Ajouter une image
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={uploading}
            onClick={() => several.current?.click()}
          >
            <Images aria-hidden />
            Ajouter plusieurs images
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={ordered.length === 0}
            onClick={() => {
              if (chosen.length === 0) toast.error("Erreur", { description: galleryMessages.noSelection });
              else setSeoOpen(true);
            }}
          >
            <SearchCheck aria-hidden />
            Modifier le SEO
            {chosen.length > 0 ? ` (${chosen.length})` : ""}
          </Button>
        </div>
      </div>

      <BatchUploadList items={batch.items} />

      {ordered.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card/40 px-6 py-12 text-center">
          <Images className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">Aucune image dans la galerie</p>
          <p className="text-sm text-muted-foreground">
            Ajoutez les photos du chantier avec les boutons ci-dessus.
          </p>
        </div>
      ) : (
        <SortableArea ids={ids} label={(id) => `Image ${number(id)}`} onReorder={reorder} layout="grid">
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            aria-label="Images de la galerie"
          >
            {ordered.map((image, index) => (
              <GalleryTile
                key={image.id}
                image={image}
                index={index}
                count={ordered.length}
                selected={selection.isChosen(image.id)}
                onSelect={(on) => selection.toggle(image.id, on)}
                onMove={(direction) => move(image.id, direction)}
                focusAfterMove={moved?.id === image.id ? moved.direction : undefined}
                onFocused={() => setMoved(null)}
                removal={removal}
              />
            ))}
          </ul>
        </SortableArea>
      )}

      <BulkSeoDialog open={seoOpen} onOpenChange={setSeoOpen} images={ordered} selection={selection} />
    </section>
  );
}

function GalleryTile({
  image,
  index,
  count,
  selected,
  onSelect,
  onMove,
  focusAfterMove,
  onFocused,
  removal,
}: {
  image: GalleryImage;
  index: number;
  count: number;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onMove: (direction: "up" | "down") => void;
  /** This image was just moved with that button: give it the focus back (or the other one at an end). */
  focusAfterMove?: "up" | "down";
  onFocused: () => void;
  removal: ReturnType<typeof useFetcher<ProblemAnswer>>;
}) {
  const { setNodeRef, style, isDragging, handle } = useSortableItem(image.id);
  const name = `Image ${index + 1}`;
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const first = index === 0;
  const last = index === count - 1;
  // Moving the tile's node in the list takes the focus away from the button that moved it.
  useEffect(() => {
    if (!focusAfterMove) return;
    const target = focusAfterMove === "up" ? (first ? down : up) : last ? up : down;
    target.current?.focus();
    onFocused();
  }, [focusAfterMove, first, last, onFocused]);
  const hasSeo = Boolean(image.seoDescription || image.seoKeywords);
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="gallery-tile"
      className={cn(
        "group flex flex-col overflow-hidden rounded-lg border bg-card",
        selected && "border-primary ring-1 ring-primary",
        isDragging && "shadow-xl",
      )}
    >
      <div className="relative aspect-[4/3] bg-muted">
        <img
          src={imageUrlForWidth(image.imageUrl, 320)}
          alt={image.altText || name}
          className="size-full object-cover"
          loading="lazy"
          draggable={false}
        />
        <div className="absolute left-2 top-2 rounded bg-background/80 p-1">
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Sélectionner ${name}`}
          />
        </div>
        <DragHandle
          {...handle}
          label={`Déplacer ${name}`}
          className="absolute right-2 top-2 bg-background/80"
        />
      </div>
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
          {name}
          {hasSeo ? (
            <Badge variant="success" title="Description ou mots-clés SEO renseignés">
              SEO
            </Badge>
          ) : null}
        </span>
      </div>
      {/* Always there on touch screens and for the keyboard; on hover with a mouse. */}
      <div className="flex items-center justify-between gap-1 border-t px-2 py-1.5 transition-opacity md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100">
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            ref={up}
            disabled={first}
            onClick={() => onMove("up")}
          >
            <ArrowUp aria-hidden />
            <span className="sr-only">Monter {name}</span>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            ref={down}
            disabled={last}
            onClick={() => onMove("down")}
          >
            <ArrowDown aria-hidden />
            <span className="sr-only">Descendre {name}</span>
          </Button>
        </div>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 text-red-300 hover:text-red-200"
            >
              <Trash2 aria-hidden />
              <span className="sr-only">Supprimer {name}</span>
            </Button>
          }
          title="Supprimer l'image ?"
          description={`${name} sera retirée de la galerie. Cette action ne peut pas être annulée.`}
          intent="gallery-delete"
          fields={{ imageId: image.id }}
          fetcher={removal}
        />
      </div>
    </li>
  );
}
