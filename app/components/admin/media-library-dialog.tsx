import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { formatBytes, MEDIA_API_PATH, type MediaAsset } from "~/lib/admin/media";
import type { ListPage } from "~/lib/list-query";
import { plural } from "~/lib/plural";

/**
 * The media library in a dialog: the images already uploaded, newest first, searchable by file
 * name or alt text, a page at a time. Choosing one closes the dialog and hands it to `onSelect`.
 *
 *   <MediaLibraryDialog open={open} onOpenChange={setOpen} onSelect={(asset) => setUrl(asset.url)} />
 */
export function MediaLibraryDialog({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (asset: MediaAsset) => void;
}) {
  const fetcher = useFetcher<ListPage<MediaAsset>>();
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const { load } = fetcher;

  useEffect(() => {
    if (!open) return;
    // Typing waits for a pause; changing page loads at once.
    const timer = setTimeout(() => {
      const params = new URLSearchParams();
      if (q.trim()) params.set("q", q.trim());
      if (page > 1) params.set("page", String(page));
      void load(`${MEDIA_API_PATH}${params.size ? `?${params}` : ""}`);
    }, 250);
    return () => clearTimeout(timer);
  }, [open, q, page, load]);

  const list = fetcher.data;
  const loading = fetcher.state === "loading" || !list;

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-4xl"
      title="Médiathèque"
      description="Choisissez une image déjà envoyée sur le site."
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          placeholder="Rechercher par nom de fichier ou texte alternatif"
          aria-label="Rechercher une image"
          className="pl-9"
        />
      </div>

      <div aria-busy={loading} aria-live="polite" className="min-h-40">
        {!list ? (
          <p className="py-10 text-center text-sm text-muted-foreground">Chargement des images...</p>
        ) : list.items.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            {q.trim() ? "Aucune image ne correspond à cette recherche." : "La médiathèque est vide."}
          </p>
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
            aria-label="Images de la médiathèque"
          >
            {list.items.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  onClick={() => {
                    onSelect(asset);
                    onOpenChange(false);
                  }}
                  className="group flex w-full flex-col overflow-hidden rounded-md border text-left transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <img
                    src={imageUrlForWidth(asset.url, 320)}
                    alt=""
                    loading="lazy"
                    className="aspect-video w-full bg-muted object-cover"
                  />
                  <span className="flex flex-col px-2 py-1.5 text-xs">
                    <span className="truncate font-medium">
                      {asset.altText || asset.originalName || "Image sans nom"}
                    </span>
                    <span className="text-muted-foreground">
                      {[
                        asset.width && asset.height ? `${asset.width}×${asset.height}` : null,
                        formatBytes(asset.sizeBytes),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                  <span className="sr-only">Choisir cette image</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {list && list.total > 0 ? (
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {plural(list.total, "image")} · page {list.page} sur {list.pageCount}
          </p>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={list.page <= 1 || loading}
              onClick={() => setPage(list.page - 1)}
            >
              Précédent
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={list.page >= list.pageCount || loading}
              onClick={() => setPage(list.page + 1)}
            >
              Suivant
            </Button>
          </div>
        </DialogFooter>
      ) : null}
    </AdminDialog>
  );
}
