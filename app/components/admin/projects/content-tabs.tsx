import type { FieldMetadata } from "@conform-to/react";
import { Images } from "lucide-react";
import { useState } from "react";
import { RichTextField } from "~/components/admin/content-editor/rich-text-field";
import { Field, TextareaField, TextField, type AnyField } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { Card, CardContent } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { GalleryImage } from "~/server/projects/gallery.server";
import { ProjectGallery } from "./project-gallery";

/** The parts of the 'Contenu' tab, by the value (and `data-section`) of each one's tab. */
export const PROJECT_CONTENT_SECTIONS = ["basics", "details", "challenges", "solutions", "results", "images"];

type ContentFields = Record<"title" | "location" | "description", AnyField> &
  Record<"image" | "content" | "challenges" | "solutions" | "results", FieldMetadata<string | undefined>>;

/**
 * The project editor's 'Contenu' tab (back-office.md §2.10, §2.11): 'Informations de base', the
 * four rich texts, and 'Images': the gallery of a saved project (`gallery`), or, while creating
 * one (`null`), what saving it will open.
 */
export function ProjectContentTabs({
  fields,
  section,
  onSectionChange,
  gallery,
}: {
  fields: ContentFields;
  section: string;
  onSectionChange: (section: string) => void;
  gallery: GalleryImage[] | null;
}) {
  // The gallery's tiles are rendered once its tab is first opened (then kept, hidden, with their
  // selection): a long gallery would otherwise weigh on every load of the form (§2.11).
  const [galleryOpened, setGalleryOpened] = useState(false);
  if (section === "images" && !galleryOpened) setGalleryOpened(true);

  return (
    <Tabs value={section} onValueChange={onSectionChange}>
      <TabsList aria-label="Parties du contenu" className="w-full justify-start sm:w-fit">
        <TabsTrigger value="basics">Informations de base</TabsTrigger>
        <TabsTrigger value="details">Contenu détaillé</TabsTrigger>
        <TabsTrigger value="challenges">Défis</TabsTrigger>
        <TabsTrigger value="solutions">Solutions</TabsTrigger>
        <TabsTrigger value="results">Résultats</TabsTrigger>
        <TabsTrigger value="images">Images</TabsTrigger>
      </TabsList>
      <TabsContent value="basics" forceMount data-section="basics" className="data-[state=inactive]:hidden">
        <Card>
          <CardContent className="flex flex-col gap-5">
            <TextField meta={fields.title} label="Titre" autoComplete="off" />
            <TextField meta={fields.location} label="Localisation" placeholder="ex : Limoges (87)" />
            <Field meta={fields.image} label="Image principale">
              {(control) => (
                <ImageField {...control} key={fields.image.key} defaultValue={fields.image.initialValue} />
              )}
            </Field>
            <TextareaField
              meta={fields.description}
              label="Description courte"
              rows={4}
              description="Le résumé du projet (50 caractères au moins pour le publier)."
            />
          </CardContent>
        </Card>
      </TabsContent>
      {(
        [
          ["details", fields.content, "Contenu détaillé"],
          ["challenges", fields.challenges, "Défis"],
          ["solutions", fields.solutions, "Solutions"],
          ["results", fields.results, "Résultats"],
        ] as const
      ).map(([value, meta, label]) => (
        <TabsContent
          key={value}
          value={value}
          forceMount
          data-section={value}
          className="data-[state=inactive]:hidden"
        >
          <Card>
            <CardContent>
              <RichTextField meta={meta} label={label} />
            </CardContent>
          </Card>
        </TabsContent>
      ))}
      <TabsContent
        value="images"
        forceMount={galleryOpened || undefined}
        className="data-[state=inactive]:hidden"
      >
        <Card>
          <CardContent>
            {gallery ? (
              // Outside the form's fields: each gallery change is its own request.
              <ProjectGallery images={gallery} />
            ) : (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <Images className="size-8 text-muted-foreground" aria-hidden />
                <p className="font-medium">La galerie sera disponible après la création du projet.</p>
                <p className="text-sm text-muted-foreground">
                  Créez d'abord le projet : vous pourrez ensuite ajouter, ordonner et décrire ses photos.
                </p>
              </div>
            )}
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
