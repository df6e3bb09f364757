import { EditorSection } from "~/components/admin/content-editor/editor-section";
import { ScheduledDateField } from "~/components/admin/content-editor/scheduled-date-field";
import { SlugField } from "~/components/admin/content-editor/slug-field";
import { SelectField, type AnyField } from "~/components/admin/fields";
import { contentStatuses, contentStatusLabels } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { projectReadTimes, projectSlugFromTitle, type ProjectFormInput } from "~/lib/schemas/project";

/**
 * The 'Métadonnées' of the project editor's 'SEO & Métadonnées' tab (back-office.md §2.10):
 * category, read time, status with its date (or what publishing does to it), and the slug.
 * `current` is the form's values as typed; `saved` the category stored and the first publication.
 */
export function ProjectPublicationFields({
  fields,
  categories,
  current,
  saved,
}: {
  fields: Record<"category" | "readTime" | "status" | "scheduledDate" | "slug", AnyField>;
  categories: string[];
  current: Pick<ProjectFormInput, "status" | "scheduledDate" | "title">;
  saved: { category: string; publishedAt: Date | null };
}) {
  return (
    <EditorSection title="Métadonnées" className="grid gap-5 md:grid-cols-2">
      <SelectField
        meta={fields.category}
        label="Catégorie"
        placeholder="Sélectionnez une catégorie"
        options={categoryOptions(categories, saved.category)}
      />
      <SelectField
        meta={fields.readTime}
        label="Temps de lecture"
        options={projectReadTimes.map((time) => ({ value: time, label: time }))}
      />
      <SelectField
        meta={fields.status}
        label="Statut"
        options={contentStatuses.map((value) => ({ value, label: contentStatusLabels[value] }))}
      />
      {current.status === "scheduled" ? (
        <ScheduledDateField meta={fields.scheduledDate} value={current.scheduledDate} subject="Le projet" />
      ) : (
        <p className="self-end text-sm text-muted-foreground">
          {current.status === "published"
            ? saved.publishedAt
              ? `Publié le ${formatDateTime(saved.publishedAt)} : la date est conservée.`
              : "La date de publication sera celle de l'enregistrement."
            : "Seuls les projets publiés apparaissent sur le site."}
        </p>
      )}
      <SlugField
        meta={fields.slug}
        folder="/projects"
        fromTitle={projectSlugFromTitle(current.title)}
        example="mon-projet"
        className="md:col-span-2"
      />
    </EditorSection>
  );
}

/** Known categories; the project's own kept even if it is no longer one (the publish check names it). */
function categoryOptions(names: string[], current: string) {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((name) => ({ value: name, label: name }));
}
