import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ProblemAnswer } from "~/lib/admin/form-answer";
import { galleryMessages } from "~/lib/schemas/project";
import type { GalleryImage } from "~/server/projects/gallery.server";
import { plural } from "~/lib/plural";
import type { RowSelection } from "~/components/admin/data-table/selection";

const truncate = (text: string | null, length = 50) =>
  !text ? "—" : text.length > length ? `${text.slice(0, length)}…` : text;

/** §2.11: SEO of the selected images at once; an empty field leaves their values as they are. */
export function BulkSeoDialog({
  open,
  onOpenChange,
  images,
  selection,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: GalleryImage[];
  /** The gallery's selection (its tiles' checkboxes), changed here too. */
  selection: RowSelection;
}) {
  const fetcher = useFetcher<ProblemAnswer>();
  useAnswerToast(fetcher.data);
  const chosen = images.filter((image) => selection.isChosen(image.id));
  const pending = fetcher.state !== "idle";
  // Close once the answer says it worked.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.success) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      className="max-h-[90svh] overflow-y-auto sm:max-w-3xl"
      title="SEO des images"
      description="Les champs remplis s'appliquent à chaque image sélectionnée ; un champ vide ne change rien."
    >
      <fetcher.Form
        method="post"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const filled = ["altText", "seoDescription", "seoKeywords"].some((name) =>
            String(form.get(name) ?? "").trim(),
          );
          if (chosen.length === 0 || !filled) {
            event.preventDefault();
            toast.error("Erreur", {
              description: chosen.length === 0 ? galleryMessages.noSelection : galleryMessages.noData,
            });
          }
        }}
      >
        <input type="hidden" name="intent" value="gallery-seo" />
        {chosen.map((image) => (
          <input key={image.id} type="hidden" name="imageIds" value={image.id} />
        ))}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => selection.chooseAll(true)}>
            Tout sélectionner
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => selection.chooseAll(false)}>
            Tout désélectionner
          </Button>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(chosen.length, "image sélectionnée")}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="bulk-alt">Texte alternatif</Label>
            <Input id="bulk-alt" name="altText" placeholder="ex : Tableau électrique neuf" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="bulk-keywords">Mots-clés SEO</Label>
            <Input id="bulk-keywords" name="seoKeywords" placeholder="tableau, rénovation, Limoges" />
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor="bulk-description">Description SEO</Label>
            <Textarea id="bulk-description" name="seoDescription" rows={2} />
          </div>
        </div>
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">Images et leurs informations actuelles</caption>
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th className="p-2 font-medium">
                  <span className="sr-only">Sélection</span>
                </th>
                <th className="p-2 font-medium">Image</th>
                <th className="p-2 font-medium">Texte alternatif</th>
                <th className="p-2 font-medium">Description SEO</th>
                <th className="p-2 font-medium">Mots-clés</th>
              </tr>
            </thead>
            <tbody>
              {images.map((image, index) => (
                <tr key={image.id} className="border-b last:border-0">
                  <td className="p-2">
                    <Checkbox
                      checked={selection.isChosen(image.id)}
                      onCheckedChange={(checked) => selection.toggle(image.id, checked === true)}
                      aria-label={`Sélectionner Image ${index + 1}`}
                    />
                  </td>
                  <td className="p-2">
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <img
                        src={imageUrlForWidth(image.imageUrl, 160)}
                        alt=""
                        className="h-9 w-12 rounded object-cover"
                        loading="lazy"
                      />
                      Image {index + 1}
                    </span>
                  </td>
                  <td className="p-2">{truncate(image.altText)}</td>
                  <td className="p-2">{truncate(image.seoDescription)}</td>
                  <td className="p-2">{truncate(image.seoKeywords)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {pending ? "Enregistrement..." : `Appliquer à ${plural(chosen.length, "image")}`}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </AdminDialog>
  );
}
