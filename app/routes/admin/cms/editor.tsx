import { Wand2 } from "lucide-react";
import { editorAction } from "~/server/admin/editor-actions.server";
import type { Route } from "./+types/editor";
import { AdminError } from "~/components/admin/admin-error";
import { EditorFrame } from "~/components/admin/content-editor/editor-frame";
import { EditorSection } from "~/components/admin/content-editor/editor-section";
import { RichTextField } from "~/components/admin/content-editor/rich-text-field";
import { editorClientAction } from "~/components/admin/content-editor/session-expired";
import { useEditorForm } from "~/components/admin/content-editor/use-editor-form";
import { TextField, ToggleField, typeInto } from "~/components/admin/fields";
import { PreviewNotice } from "~/components/admin/preview-frame";
import { SeoFieldset } from "~/components/admin/seo-fieldset";
import { Button } from "~/components/ui/button";
import { cmsPageChecklist, isPublishing } from "~/lib/admin/publish-checklist";
import { formatDateTime } from "~/lib/format-date";
import { publicPath } from "~/lib/public-paths";
import {
  CMS_LIMITED_PREVIEW,
  CMS_SLUG_TAKEN_MESSAGE,
  cmsPageSchema,
  type CmsPageFormInput,
} from "~/lib/schemas/cms-page";
import { cmsPageMeta } from "~/lib/seo";
import { slugify } from "~/lib/slugify";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { cmsPageFormInput, createCmsPage, getCmsPage, updateCmsPage } from "~/server/cms/cms-pages.server";
import { autosaveFor } from "~/server/content/drafts.server";
import { listRevisions } from "~/server/content/revisions.server";
import { uniqueViolation } from "~/server/db/errors.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * 'Nouvelle page' (/admin/cms/create) and 'Modifier la page' (/admin/cms/edit/{id}):
 * back-office.md §2.14, §3, §4, §5, §8. One form for both; the edit screen adds 'Historique'.
 */

const LIST = "/admin/cms";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Modifier la page" : "Nouvelle page"} | Back-office` },
];

/** §8: an unknown page goes back to the list with 'Page introuvable.'. */
function pageNotFound() {
  return redirectWithToast(LIST, { type: "error", title: "Erreur", description: "Page introuvable." });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const site = buildSiteSeo(await getPublicSettings());
  if (params.id === undefined)
    return {
      page: null,
      values: cmsPageFormInput(null),
      site,
      revisions: [],
      autosave: await autosaveFor(user.id, "cms_pages", null),
    };
  const page = await getCmsPage(params.id);
  if (!page) throw await pageNotFound();
  return {
    page: {
      id: page.id,
      slug: page.slug,
      isPublished: page.isPublished,
      publishedAt: page.publishedAt,
      updatedAt: page.updatedAt,
    },
    values: cmsPageFormInput(page),
    site,
    revisions: await listRevisions("cms_pages", page.id),
    autosave: await autosaveFor(user.id, "cms_pages", page),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  return editorAction(request, formData, {
    who,
    userId: user.id,
    id: params.id,
    entityType: "cms_pages",
    list: LIST,
    schema: cmsPageSchema,
    create: (page) => createCmsPage(who, page),
    update: (page, id) => updateCmsPage(who, id, page),
    created: { title: "Page créée" },
    updated: { title: "Page mise à jour" },
    gone: "Page introuvable.",
    failed: { create: "Impossible de créer la page.", update: "Impossible de mettre à jour la page." },
    refuse: (error) =>
      uniqueViolation(error) === "cms_pages_slug_unique"
        ? { fieldErrors: { slug: [CMS_SLUG_TAKEN_MESSAGE] } }
        : undefined,
  });
}

// A save after the session ended stays on the page and asks to sign in again (the frame).
export const clientAction = editorClientAction;

/** The form's values as Conform holds them, over the loaded ones (the switch posts "on" or nothing). */
function currentValues(loaded: CmsPageFormInput, value: unknown): CmsPageFormInput {
  const typed = (value ?? {}) as Partial<Record<keyof CmsPageFormInput, unknown>>;
  const text = (key: Exclude<keyof CmsPageFormInput, "isPublished">) =>
    typeof typed[key] === "string" ? (typed[key] as string) : loaded[key];
  return {
    title: text("title"),
    slug: text("slug"),
    content: text("content"),
    metaTitle: text("metaTitle"),
    metaDescription: text("metaDescription"),
    metaKeywords: text("metaKeywords"),
    isPublished: typed.isPublished === "on",
    updatedAt: loaded.updatedAt,
  };
}

export default function CmsPageEditor({ loaderData }: Route.ComponentProps) {
  const { page, values, site, revisions, autosave } = loaderData;
  const { form, fields } = useEditorForm({
    id: `cms-page-${page?.id ?? "new"}-${values.updatedAt}`,
    schema: cmsPageSchema,
    defaultValue: values,
  });

  const current = currentValues(values, form.value);
  const address = publicPath("cms_pages", current.slug || slugify(current.title) || "…");

  return (
    <EditorFrame
      form={form}
      title={page ? "Modifier la page" : "Nouvelle page"}
      back={{ to: LIST, label: "Retour à la liste des pages" }}
      status={
        page
          ? {
              value: page.isPublished ? "published" : "draft",
              publicUrl: page.isPublished ? publicPath("cms_pages", page.slug) : null,
            }
          : undefined
      }
      revisions={page ? revisions : undefined}
      preview={{
        title: "Aperçu de la page",
        path: `/admin/cms/preview/${page?.id ?? "new"}`,
        data: current,
        notice: current.isPublished ? null : (
          <PreviewNotice title={CMS_LIMITED_PREVIEW.title}>{CMS_LIMITED_PREVIEW.description}</PreviewNotice>
        ),
      }}
      updatedAt={values.updatedAt}
      autosave={autosave}
      checklist={{
        input: isPublishing(current.isPublished) ? cmsPageChecklist(current) : null,
        siteUrl: site.publicUrl,
      }}
      saveLabel={page ? "Enregistrer les modifications" : "Créer la page"}
    >
      <EditorSection title="Page" className="flex flex-col gap-5">
        <TextField meta={fields.title} label="Titre" autoComplete="off" />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            meta={fields.slug}
            label="Slug"
            className="min-w-0 flex-1"
            autoComplete="off"
            placeholder={slugify(current.title) || "ma-page"}
            description={`Adresse : ${address}`}
          />
          <Button
            type="button"
            variant="secondary"
            className="sm:mt-[1.375rem]"
            onClick={() => typeInto(fields.slug.id, slugify(current.title))}
          >
            <Wand2 aria-hidden />
            Générer<span className="sr-only"> le slug depuis le titre</span>
          </Button>
        </div>
        <RichTextField meta={fields.content} label="Contenu" />
      </EditorSection>

      <EditorSection title="Publication" className="flex flex-col gap-3 text-sm">
        <ToggleField
          meta={fields.isPublished}
          label="Publiée"
          variant="switch"
          description={
            current.isPublished
              ? `Visible sur le site à l'adresse ${address}. La date de publication devient celle de cet enregistrement.`
              : "Brouillon : la page n'est pas visible sur le site."
          }
        />
        {page ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            <dt className="text-muted-foreground">Publiée le</dt>
            <dd>{page.publishedAt ? formatDateTime(page.publishedAt) : "—"}</dd>
            <dt className="text-muted-foreground">Dernière modification</dt>
            <dd>{formatDateTime(page.updatedAt)}</dd>
          </dl>
        ) : null}
      </EditorSection>

      <SeoFieldset
        // A CMS page has only the three meta fields (§3): no Open Graph or Twitter tabs.
        fields={{
          metaTitle: fields.metaTitle,
          metaDescription: fields.metaDescription,
          metaKeywords: fields.metaKeywords,
        }}
        site={site}
        meta={cmsPageMeta(site, current, address)}
        legend="SEO"
      />
    </EditorFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger la page."
      retryTo={LIST}
      retryLabel="Retour à la liste des pages"
    />
  );
}
