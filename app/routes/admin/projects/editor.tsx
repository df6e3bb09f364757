import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { toast } from "sonner";
import { editorAction } from "~/server/admin/editor-actions.server";
import type { Route } from "./+types/editor";
import { AdminError } from "~/components/admin/admin-error";
import { EditorFrame } from "~/components/admin/content-editor/editor-frame";
import { editorClientAction } from "~/components/admin/content-editor/session-expired";
import { SaveButton } from "~/components/admin/content-editor/save-bar";
import { useEditorForm } from "~/components/admin/content-editor/use-editor-form";
import { ValidationChecksDialog } from "~/components/admin/editor-dialogs";
import { PROJECT_CONTENT_SECTIONS, ProjectContentTabs } from "~/components/admin/projects/content-tabs";
import { ProjectPublicationFields } from "~/components/admin/projects/publication-fields";
import { SeoFieldset } from "~/components/admin/seo-fieldset";
import { SharePanel } from "~/components/admin/share-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { isPublishing, projectChecklist } from "~/lib/admin/publish-checklist";
import type { ContentStatus } from "~/lib/enums";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { publicPath } from "~/lib/public-paths";
import {
  projectFormMeta,
  projectFormSchema,
  projectSubmitErrors,
  type ProjectFormInput,
} from "~/lib/schemas/project";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { autosaveFor } from "~/server/content/drafts.server";
import { listRevisions } from "~/server/content/revisions.server";
import { config } from "~/server/config.server";
import { galleryAction, GALLERY_INTENT_PREFIX } from "~/server/projects/gallery-actions.server";
import { listGallery } from "~/server/projects/gallery.server";
import { isUuid } from "~/lib/uuid";
import {
  createProject,
  getProject,
  listProjectCategories,
  projectFormInput,
  SlugTakenError,
  updateProject,
} from "~/server/projects/projects.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";
import { getPublicSettings } from "~/server/settings.server";

/**
 * 'Créer un nouveau projet' (/admin/projects/create) and 'Modifier le Projet'
 * (/admin/projects/edit/{id}): back-office.md §2.10, §2.11, §3, §4, §5, §7, §8. One form for both;
 * the edit screen adds the gallery, sharing and 'Historique'.
 */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Modifier le Projet" : "Créer un nouveau projet"} | Back-office` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const [categories, settings] = await Promise.all([listProjectCategories(), getPublicSettings()]);
  const site = buildSiteSeo(settings);
  if (params.id === undefined) {
    return {
      project: null,
      values: projectFormInput(null),
      categories,
      site,
      gallery: [],
      revisions: [],
      autosave: await autosaveFor(user.id, "projects", null),
    };
  }
  const project = await getProject(params.id);
  if (!project) throw data({ notFound: params.id }, { status: 404 });
  const [gallery, revisions, autosave] = await Promise.all([
    listGallery(project.id),
    listRevisions("projects", project.id),
    autosaveFor(user.id, "projects", project),
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
    autosave,
  };
}

/** A refused save: Conform's result and the §5 submit checks (shown in a dialog). */
type Answer = FormAnswer & { checks?: string[] };

/** §5: the toast of a save refused by the submit checks. */
const CHECKS_REFUSED = {
  title: "Validation échouée",
  description: "Veuillez corriger les erreurs avant de soumettre",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  const id = params.id;
  const intent = String(formData.get("intent") ?? "save");
  if (id !== undefined && !isUuid(id)) throw data({ notFound: id }, { status: 404 });

  if (intent.startsWith(GALLERY_INTENT_PREFIX)) return galleryAction(who, id, intent, formData);

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: projectFormSchema });
    const categories = (await listProjectCategories()).map((category) => category.name);
    const checks = projectSubmitErrors(Object.fromEntries(formData) as Record<string, string>, {
      categories,
    });
    if (submission.status === "success" && checks.length)
      return data<Answer>(
        { result: submission.reply({ formErrors: checks }), checks, problem: CHECKS_REFUSED },
        { status: 400 },
      );
  }
  return editorAction(request, formData, {
    who,
    userId: user.id,
    id,
    entityType: "projects",
    list: "/admin/projects",
    schema: projectFormSchema,
    create: (project) => createProject(who, project),
    update: (project, projectId) => updateProject(who, projectId, project),
    created: { title: "Projet créé avec succès" },
    updated: { title: "Projet mis à jour avec succès" },
    gone: "Erreur lors de la mise à jour: ce projet a été supprimé.",
    failed: {
      create: "Impossible de créer le projet. Veuillez vérifier les champs et réessayer.",
      update: "Impossible de mettre à jour le projet. Veuillez vérifier les champs et réessayer.",
    },
    refuse: (error) =>
      error instanceof SlugTakenError ? { fieldErrors: { slug: [error.message] } } : undefined,
  });
}

// A save after the session ended stays on the page and asks to sign in again (the frame).
export const clientAction = editorClientAction;

const TOP_TABS = ["content", "seo"] as const;
type TopTab = (typeof TOP_TABS)[number];

export default function ProjectEditor({ loaderData }: Route.ComponentProps) {
  const { project, values, categories, site, gallery, revisions, autosave } = loaderData;
  const isEdit = project !== null;
  const [checks, setChecks] = useState<string[]>([]);
  const [tab, setTab] = useState<TopTab>("content");
  const [section, setSection] = useState("basics");
  const categoryNames = categories.map((category) => category.name);

  const { form, fields, answer } = useEditorForm<typeof projectFormSchema, Answer>({
    id: `project-${project?.id ?? "new"}-${values.updatedAt}`,
    schema: projectFormSchema,
    defaultValue: values,
    onSubmit(event, { formData }) {
      // §5: the published and scheduled rules, listed together before anything is sent.
      const errors = projectSubmitErrors(Object.fromEntries(formData) as Record<string, string>, {
        categories: categoryNames,
      });
      if (errors.length) {
        event.preventDefault();
        setChecks(errors);
        toast.error(CHECKS_REFUSED.title, { description: CHECKS_REFUSED.description });
      }
    },
  });

  // The server's own checks come back the same way (their toast is the answer's problem).
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    if (answer?.checks?.length) setChecks(answer.checks);
  }

  function revealSection(sections: string[]) {
    for (const name of sections) {
      if (TOP_TABS.includes(name as TopTab)) setTab(name as TopTab);
      else if (PROJECT_CONTENT_SECTIONS.includes(name)) setSection(name);
    }
  }

  /** Refused by the on-change rules: §8's count of what blocks the save. */
  function countRefused(
    event: React.FormEvent<HTMLFormElement>,
    validate: (event: React.FormEvent<HTMLFormElement>) => void,
  ) {
    validate(event);
    if (!event.defaultPrevented) return;
    const refused = parseWithZod(new FormData(event.currentTarget), { schema: projectFormSchema });
    const count = refused.status === "error" ? Object.keys(refused.error ?? {}).length : 0;
    if (count > 0)
      toast.error("Erreurs de validation", { description: `${count} erreur(s) empêchent l'enregistrement` });
  }

  const current = { ...values, ...(form.value as Partial<ProjectFormInput>) } as ProjectFormInput;
  const saveLabel = isEdit ? "Enregistrer les modifications" : "Créer le projet";

  return (
    <EditorFrame
      form={form}
      title={isEdit ? "Modifier le Projet" : "Créer un nouveau projet"}
      back={{ to: "/admin/projects", label: "Retour à la liste des projets" }}
      status={
        project
          ? {
              value: project.status,
              note: project.publishedAt ? <span>Publié le {formatDateTime(project.publishedAt)}</span> : null,
            }
          : undefined
      }
      description="Enregistrez le projet pour ajouter les photos de sa galerie."
      revisions={project ? revisions : undefined}
      preview={{
        title: "Aperçu du projet",
        path: `/admin/projects/preview/${project?.id ?? "new"}`,
        data: current,
      }}
      actions={<SaveButton formId={form.id} label={saveLabel} />}
      updatedAt={values.updatedAt}
      autosave={autosave}
      checklist={{
        input: isPublishing(current.status) ? projectChecklist(current) : null,
        siteUrl: site.publicUrl,
      }}
      saveLabel={saveLabel}
      onSubmit={countRefused}
      onRevealSection={revealSection}
      aside={
        <>
          {project ? (
            <SharePanel
              url={project.shareUrl}
              enabled={project.status === "published" && Boolean(project.slug)}
            />
          ) : null}
          <ValidationChecksDialog checks={checks} onClose={() => setChecks([])} />
        </>
      }
    >
      <Tabs value={tab} onValueChange={(next) => setTab(next as TopTab)}>
        <TabsList>
          <TabsTrigger value="content">Contenu</TabsTrigger>
          <TabsTrigger value="seo">SEO & Métadonnées</TabsTrigger>
        </TabsList>

        <TabsContent
          value="content"
          forceMount
          data-section="content"
          className="data-[state=inactive]:hidden"
        >
          <ProjectContentTabs
            fields={fields}
            section={section}
            onSectionChange={setSection}
            gallery={project ? gallery : null}
          />
        </TabsContent>

        <TabsContent
          value="seo"
          forceMount
          data-section="seo"
          className="flex flex-col gap-6 data-[state=inactive]:hidden"
        >
          <ProjectPublicationFields
            fields={fields}
            categories={categoryNames}
            current={current}
            saved={{ category: values.category, publishedAt: project?.publishedAt ?? null }}
          />
          <SeoFieldset
            fields={fields}
            site={site}
            meta={projectFormMeta(current, site)}
            sources={{ title: current.title, description: current.description, image: current.image }}
          />
        </TabsContent>
      </Tabs>
    </EditorFrame>
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
