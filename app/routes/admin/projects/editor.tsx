import { getFormProps, useForm, useInputControl, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Images, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/editor";
import { AdminError } from "~/components/admin/admin-error";
import { PreviewDialog, ValidationChecksDialog } from "~/components/admin/editor-dialogs";
import { Field, FormErrors, SelectField, TextareaField, TextField } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { PageHeader } from "~/components/admin/page-header";
import { ProjectGallery, type GalleryAnswer } from "~/components/admin/project-gallery";
import { RevisionHistory } from "~/components/admin/revision-history";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { SeoFieldset } from "~/components/admin/seo-fieldset";
import { SharePanel } from "~/components/admin/share-panel";
import { StatusBadge } from "~/components/admin/status-badge";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { RESTORE_INTENT } from "~/lib/admin/revisions";
import { contentStatuses, contentStatusLabels, type ContentStatus } from "~/lib/enums";
import type { FormAnswer } from "~/lib/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { fromParisInput } from "~/lib/paris-time";
import { publicPath } from "~/lib/public-paths";
import {
  galleryMessages,
  gallerySeoSchema,
  projectFormMeta,
  projectFormSchema,
  projectReadTimes,
  projectSlugFromTitle,
  projectSubmitErrors,
  type ProjectFormInput,
  type ProjectFormValues,
} from "~/lib/schemas/project";
import { z } from "~/lib/zod";
import { replyFailed, replyInvalid } from "~/server/admin/form-replies.server";
import { restoreFromForm } from "~/server/admin/restore.server";
import { MissingRowError } from "~/server/audit/mutation.server";
import { requireRole } from "~/server/auth/session.server";
import { listRevisions } from "~/server/content/revisions.server";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import {
  addGalleryImages,
  deleteGalleryImage,
  GalleryError,
  listGallery,
  moveGalleryImage,
  reorderGallery,
  updateGallerySeo,
} from "~/server/projects/gallery.server";
import {
  createProject,
  getProject,
  isUuid,
  listProjectCategories,
  projectFormInput,
  SlugTakenError,
  updateProject,
} from "~/server/projects/projects.server";
import { libraryUrls } from "~/server/media/library.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * 'Créer un nouveau projet' (/admin/projects/create) and 'Modifier le Projet'
 * (/admin/projects/edit/{id}): back-office.md §2.10, §2.11, §3, §4, §5, §7, §8. One form for both;
 * the edit screen adds the gallery, sharing and 'Historique'.
 */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Modifier le Projet" : "Créer un nouveau projet"} | Back-office` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const [categories, settings] = await Promise.all([listProjectCategories(), getPublicSettings()]);
  const site = buildSiteSeo(settings);
  if (params.id === undefined) {
    return { project: null, values: projectFormInput(null), categories, site, gallery: [], revisions: [] };
  }
  const project = await getProject(params.id);
  if (!project) throw data({ notFound: params.id }, { status: 404 });
  const [gallery, revisions] = await Promise.all([
    listGallery(project.id),
    listRevisions("projects", project.id),
  ]);
  return {
    project: {
      id: project.id,
      slug: project.slug,
      status: project.status as ContentStatus,
      publishedAt: project.publishedAt,
      shareUrl: `${config.publicUrl}${publicPath("projects", project.slug)}`,
    },
    values: projectFormInput(project),
    categories,
    site,
    gallery,
    revisions,
  };
}

/** A refused save: Conform's result, the §5 submit checks (shown in a dialog), the toast's text. */
type Answer = FormAnswer & { checks?: string[]; failed?: string };

const idsSchema = z.array(z.uuid());

/** The gallery intents of the edit screen (§2.11): each answers with the toast to show. */
async function galleryAction(
  intent: string,
  formData: FormData,
  projectId: string | undefined,
  who: Parameters<typeof addGalleryImages>[0],
) {
  const answer = (ok: boolean, title: string, description?: string, status = ok ? 200 : 400) =>
    data<GalleryAnswer>({ gallery: { ok, title, description } }, { status });
  if (!projectId) return answer(false, "Erreur", galleryMessages.missingProject);
  try {
    switch (intent) {
      case "gallery-add": {
        const urls = formData.getAll("url").map(String);
        const alts = formData.getAll("alt").map(String);
        // Only images of the media library: what the browser uploaded a moment ago.
        const known = await libraryUrls(urls);
        const images = urls.flatMap((url, index) =>
          known.has(url) ? [{ url, altText: alts[index]?.slice(0, 500) ?? "" }] : [],
        );
        if (images.length === 0) return answer(false, "Erreur", galleryMessages.noneUploaded);
        await addGalleryImages(who, projectId, images);
        return answer(true, images.length > 1 ? galleryMessages.addedMany : galleryMessages.added);
      }
      case "gallery-delete":
        await deleteGalleryImage(who, projectId, String(formData.get("imageId")));
        return answer(true, galleryMessages.deleted);
      case "gallery-move": {
        const direction = formData.get("direction") === "up" ? "up" : "down";
        await moveGalleryImage(who, projectId, String(formData.get("imageId")), direction);
        return answer(true, "Ordre mis à jour");
      }
      case "gallery-reorder": {
        const ids = idsSchema.safeParse(formData.getAll("ids"));
        if (!ids.success) throw new GalleryError("ordre illisible");
        await reorderGallery(who, projectId, ids.data);
        return answer(true, "Ordre mis à jour");
      }
      case "gallery-seo": {
        const values = gallerySeoSchema.safeParse({
          imageIds: formData.getAll("imageIds"),
          altText: String(formData.get("altText") ?? "").trim() || undefined,
          seoDescription: String(formData.get("seoDescription") ?? "").trim() || undefined,
          seoKeywords: String(formData.get("seoKeywords") ?? "").trim() || undefined,
        });
        if (!values.success) return answer(false, "Erreur", galleryMessages.noSelection);
        const count = await updateGallerySeo(who, projectId, values.data);
        return answer(
          true,
          galleryMessages.updated,
          `${count} image${count > 1 ? "s" : ""} mise${count > 1 ? "s" : ""} à jour.`,
        );
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof GalleryError)) logger.error({ err: error, intent }, "gallery change failed");
    const description =
      intent === "gallery-delete"
        ? galleryMessages.deleteFailed(message)
        : intent === "gallery-seo"
          ? error instanceof GalleryError
            ? message
            : galleryMessages.seoUpdateFailed(message)
          : intent === "gallery-add"
            ? galleryMessages.uploadFailed(message)
            : galleryMessages.reorderFailed(message);
    return answer(false, "Erreur", description, error instanceof GalleryError ? 400 : 500);
  }
  throw new Response("Action inconnue", { status: 400 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireRole(request, "user");
  const who = { actor: user, ip: context.clientIp };
  const formData = await request.formData();
  const id = params.id;
  const intent = String(formData.get("intent") ?? "save");
  if (id !== undefined && !isUuid(id)) throw data({ notFound: id }, { status: 404 });

  if (intent.startsWith("gallery-")) return galleryAction(intent, formData, id, who);

  if (intent === RESTORE_INTENT && id)
    return restoreFromForm(
      who,
      "projects",
      id,
      formData,
      `/admin/projects/edit/${id}`,
      "Impossible de mettre à jour le projet. Veuillez vérifier les champs et réessayer.",
    );

  const submission = parseWithZod(formData, { schema: projectFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const categories = (await listProjectCategories()).map((category) => category.name);
  const checks = projectSubmitErrors(Object.fromEntries(formData) as Record<string, string>, { categories });
  if (checks.length)
    return data<Answer>({ result: submission.reply({ formErrors: checks }), checks }, { status: 400 });

  try {
    if (!id) {
      await createProject(who, submission.value);
      return redirectWithToast("/admin/projects", { title: "Projet créé avec succès" });
    }
    await updateProject(who, id, submission.value);
    return redirectWithToast(`/admin/projects/edit/${id}`, { title: "Projet mis à jour avec succès" });
  } catch (error) {
    if (error instanceof SlugTakenError)
      return replyInvalid(submission, { fieldErrors: { slug: [error.message] } });
    if (error instanceof MissingRowError) {
      const failed = "Erreur lors de la mise à jour: ce projet a été supprimé.";
      return data<Answer>({ result: submission.reply({ formErrors: [failed] }), failed }, { status: 404 });
    }
    const reply = replyFailed(
      submission,
      error,
      id
        ? "Impossible de mettre à jour le projet. Veuillez vérifier les champs et réessayer."
        : "Impossible de créer le projet. Veuillez vérifier les champs et réessayer.",
    );
    return data<Answer>(
      { ...reply.data, failed: reply.data.result.error?.[""]?.[0] },
      reply.init ?? undefined,
    );
  }
}

/** Where each field is shown: a refused submit opens the tab holding the first error. */
const FIELD_TABS: Record<string, [top: "content" | "seo", sub?: string]> = {
  title: ["content", "basics"],
  location: ["content", "basics"],
  image: ["content", "basics"],
  description: ["content", "basics"],
  content: ["content", "details"],
  challenges: ["content", "challenges"],
  solutions: ["content", "solutions"],
  results: ["content", "results"],
};

export default function ProjectEditor({ loaderData }: Route.ComponentProps) {
  const { project, values, categories, site, gallery, revisions } = loaderData;
  const actionData = useActionData<Answer>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const isEdit = project !== null;
  const formId = `project-${project?.id ?? "new"}-${values.updatedAt}`;
  const [checks, setChecks] = useState<string[]>([]);
  const [tab, setTab] = useState<"content" | "seo">("content");
  const [subTab, setSubTab] = useState("basics");
  const categoryNames = categories.map((category) => category.name);

  const [form, fields] = useForm<ProjectFormValues>({
    id: formId,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
    onSubmit(event, { formData }) {
      // §5: the published and scheduled rules, listed together before anything is sent.
      const errors = projectSubmitErrors(Object.fromEntries(formData) as Record<string, string>, {
        categories: categoryNames,
      });
      if (errors.length) {
        event.preventDefault();
        showChecks(errors);
      }
    },
  });

  function showChecks(errors: string[]) {
    setChecks(errors);
    toast.error("Validation échouée", { description: "Veuillez corriger les erreurs avant de soumettre" });
  }

  // The server's own checks and failures come back the same way.
  useEffect(() => {
    if (actionData?.checks?.length) showChecks(actionData.checks);
    else if (actionData?.failed) toast.error("Erreur", { description: actionData.failed });
  }, [actionData]);

  // After a refused submit, show the tab holding the first field in error.
  const firstError = Object.keys(form.allErrors).find((name) => name !== "");
  const [shownError, setShownError] = useState<string | undefined>();
  if (firstError !== shownError) {
    setShownError(firstError);
    if (firstError) {
      const [top, sub] = FIELD_TABS[firstError] ?? ["seo"];
      setTab(top);
      if (sub) setSubTab(sub);
    }
  }

  const current = { ...values, ...(form.value as Partial<ProjectFormInput>) } as ProjectFormInput;
  const formProps = getFormProps(form);
  const saveLabel = saving
    ? "Enregistrement..."
    : isEdit
      ? "Enregistrer les modifications"
      : "Créer le projet";
  const saveButton = (
    <Button type="submit" form={formId} name="intent" value="save" disabled={saving}>
      {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {saveLabel}
    </Button>
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={isEdit ? "Modifier le Projet" : "Créer un nouveau projet"}
        back={{ to: "/admin/projects", label: "Retour à la liste des projets" }}
        description={
          project ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={project.status} />
              {project.publishedAt ? <span>Publié le {formatDateTime(project.publishedAt)}</span> : null}
            </span>
          ) : (
            "Enregistrez le projet pour ajouter les photos de sa galerie."
          )
        }
        actions={
          <>
            {project ? <RevisionHistory revisions={revisions} updatedAt={values.updatedAt} /> : null}
            <PreviewDialog
              title="Aperçu du projet"
              path={`/admin/projects/preview/${project?.id ?? "new"}`}
              data={current}
            />
            {saveButton}
          </>
        }
      />

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (!event.defaultPrevented) return;
          // Refused by the on-change rules: §8's count of what blocks the save.
          const refused = parseWithZod(new FormData(event.currentTarget), { schema: projectFormSchema });
          const count = refused.status === "error" ? Object.keys(refused.error ?? {}).length : 0;
          if (count > 0)
            toast.error("Erreurs de validation", {
              description: `${count} erreur(s) empêchent l'enregistrement`,
            });
        }}
        className="flex flex-col gap-6"
      >
        <input type="hidden" name="updatedAt" value={values.updatedAt} />
        <Tabs value={tab} onValueChange={(next) => setTab(next as "content" | "seo")}>
          <TabsList>
            <TabsTrigger value="content">Contenu</TabsTrigger>
            <TabsTrigger value="seo">SEO & Métadonnées</TabsTrigger>
          </TabsList>

          <TabsContent value="content" forceMount className="data-[state=inactive]:hidden">
            <Tabs value={subTab} onValueChange={setSubTab}>
              <TabsList aria-label="Parties du contenu" className="w-full justify-start sm:w-fit">
                <TabsTrigger value="basics">Informations de base</TabsTrigger>
                <TabsTrigger value="details">Contenu détaillé</TabsTrigger>
                <TabsTrigger value="challenges">Défis</TabsTrigger>
                <TabsTrigger value="solutions">Solutions</TabsTrigger>
                <TabsTrigger value="results">Résultats</TabsTrigger>
                <TabsTrigger value="images">Images</TabsTrigger>
              </TabsList>
              <TabsContent value="basics" forceMount className="data-[state=inactive]:hidden">
                <Card>
                  <CardContent className="flex flex-col gap-5">
                    <TextField meta={fields.title} label="Titre" autoComplete="off" />
                    <TextField meta={fields.location} label="Localisation" placeholder="ex : Limoges (87)" />
                    <Field meta={fields.image} label="Image principale">
                      {(control) => (
                        <ImageField {...control} key={fields.image.key} defaultValue={values.image} />
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
                  ["details", fields.content, "Contenu détaillé", values.content],
                  ["challenges", fields.challenges, "Défis", values.challenges],
                  ["solutions", fields.solutions, "Solutions", values.solutions],
                  ["results", fields.results, "Résultats", values.results],
                ] as const
              ).map(([value, meta, label, initial]) => (
                <TabsContent key={value} value={value} forceMount className="data-[state=inactive]:hidden">
                  <Card>
                    <CardContent>
                      <RichTextField meta={meta} label={label} initial={initial} />
                    </CardContent>
                  </Card>
                </TabsContent>
              ))}
              <TabsContent value="images" forceMount className="data-[state=inactive]:hidden">
                <Card>
                  <CardContent>
                    {project ? (
                      // Outside this form's fields: each gallery change is its own request.
                      <ProjectGallery images={gallery} />
                    ) : (
                      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                        <Images className="size-8 text-muted-foreground" aria-hidden />
                        <p className="font-medium">La galerie sera disponible après la création du projet.</p>
                        <p className="text-sm text-muted-foreground">
                          Créez d'abord le projet : vous pourrez ensuite ajouter, ordonner et décrire ses
                          photos.
                        </p>
                      </div>
                    )}
                  </CardContent>
                </Card>
              </TabsContent>
            </Tabs>
          </TabsContent>

          <TabsContent value="seo" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
            <Card>
              <CardHeader>
                <CardTitle>Métadonnées</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5 md:grid-cols-2">
                <SelectField
                  meta={fields.category}
                  label="Catégorie"
                  placeholder="Sélectionnez une catégorie"
                  options={categoryOptions(categoryNames, values.category)}
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
                  <TextField
                    meta={fields.scheduledDate}
                    type="datetime-local"
                    label="Date de publication planifiée"
                    description={
                      fromParisInput(current.scheduledDate)
                        ? `Le projet sera publié automatiquement le ${formatDateTime(fromParisInput(current.scheduledDate))}.`
                        : "Le projet sera publié automatiquement à cette date."
                    }
                  />
                ) : (
                  <p className="self-end text-sm text-muted-foreground">
                    {current.status === "published"
                      ? project?.publishedAt
                        ? `Publié le ${formatDateTime(project.publishedAt)} : la date est conservée.`
                        : "La date de publication sera celle de l'enregistrement."
                      : "Seuls les projets publiés apparaissent sur le site."}
                  </p>
                )}
                <TextField
                  meta={fields.slug}
                  label="Slug"
                  className="md:col-span-2"
                  placeholder={projectSlugFromTitle(current.title) || "mon-projet"}
                  description={`Adresse : /projects/${current.slug || projectSlugFromTitle(current.title) || "…"}${
                    current.slug ? "" : " (générée depuis le titre)"
                  }`}
                />
              </CardContent>
            </Card>
            <SeoFieldset
              fields={fields}
              site={site}
              meta={projectFormMeta(current, site)}
              sources={{ title: current.title, description: current.description, image: current.image }}
            />
          </TabsContent>
        </Tabs>

        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/admin/projects">Annuler</Link>
          </Button>
          {saveButton}
        </div>
      </Form>

      {project ? (
        <SharePanel
          url={project.shareUrl}
          enabled={project.status === "published" && Boolean(project.slug)}
        />
      ) : null}

      <UnsavedChangesGuard formId={formId} />
      <ValidationChecksDialog checks={checks} onClose={() => setChecks([])} />
    </div>
  );
}

/** Known categories; the project's own kept even if it is no longer one (the publish check names it). */
function categoryOptions(names: string[], current: string) {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((name) => ({ value: name, label: name }));
}

/** A rich text field whose changes Conform follows like typing. */
function RichTextField({
  meta,
  label,
  initial,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  initial: string;
}) {
  const control = useInputControl(meta as FieldMetadata<string>);
  return (
    <Field meta={meta} label={label}>
      {(props) => (
        <RichTextEditor {...props} key={meta.key} defaultValue={initial} onChange={control.change} />
      )}
    </Field>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminError
      error={error}
      message={
        notFound
          ? `Projet #${params.id} non trouvé`
          : params.id
            ? "Une erreur est survenue"
            : "Erreur lors du chargement des options. Veuillez réessayer."
      }
      retryTo="/admin/projects"
      retryLabel="Retour à la liste des projets"
    />
  );
}
