import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { editorAction } from "~/server/admin/editor-actions.server";
import type { Route } from "./+types/editor";
import { AdminError } from "~/components/admin/admin-error";
import { EditorFrame } from "~/components/admin/content-editor/editor-frame";
import { EditorSection } from "~/components/admin/content-editor/editor-section";
import { RichTextField } from "~/components/admin/content-editor/rich-text-field";
import { ScheduledDateField } from "~/components/admin/content-editor/scheduled-date-field";
import { editorClientAction } from "~/components/admin/content-editor/session-expired";
import { useEditorForm } from "~/components/admin/content-editor/use-editor-form";
import { SlugField } from "~/components/admin/content-editor/slug-field";
import { ValidationChecksDialog } from "~/components/admin/editor-dialogs";
import { Field, SelectField, TextareaField, TextField } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { PreviewNotice } from "~/components/admin/preview-frame";
import { SeoFieldset } from "~/components/admin/seo-fieldset";
import { articleChecklist, isPublishing } from "~/lib/admin/publish-checklist";
import { contentStatuses, contentStatusLabels, type ContentStatus } from "~/lib/enums";
import {
  articleCreateChecks,
  articleFormSchema,
  isLimitedPreview,
  LIMITED_PREVIEW,
  type ArticleFormInput,
} from "~/lib/schemas/article";
import { contentMeta, type SiteSeo } from "~/lib/seo";
import { DEFAULT_AUTHOR_NAME } from "~/lib/site-defaults";
import { slugify } from "~/lib/slugify";
import { replyInvalid } from "~/server/admin/form-replies.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  ArticleFieldError,
  articleFormInput,
  createArticle,
  getArticle,
  listAuthorNames,
  listBlogCategories,
  updateArticle,
} from "~/server/articles/articles.server";
import { autosaveFor } from "~/server/content/drafts.server";
import { listRevisions } from "~/server/content/revisions.server";
import { isPublic } from "~/server/content/slug-redirects.server";
import { db } from "~/server/db/client.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";
import { getPublicSettings } from "~/server/settings.server";

/**
 * 'Créer un Article' (/admin/blog/create) and 'Modifier l'Article' (/admin/blog/edit/{id}):
 * back-office.md §2.6, §3, §4, §5, §8. One form for both; the edit screen adds 'Historique'.
 */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Modifier l'Article" : "Créer un Article"} | Back-office` },
];

/** Thrown with status 404 for an unknown id: 'Article #id non trouvé'. */
type NotFound = { notFound: string };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const [categories, authors, settings] = await Promise.all([
    listBlogCategories(),
    listAuthorNames(),
    getPublicSettings(),
  ]);
  const site = buildSiteSeo(settings);
  if (params.id === undefined) {
    return {
      article: null,
      values: articleFormInput(null, authors[0]?.name),
      categories,
      authors,
      site,
      revisions: [],
      autosave: await autosaveFor(user.id, "blog_articles", null),
    };
  }
  const article = await getArticle(params.id);
  if (!article) throw data<NotFound>({ notFound: params.id }, { status: 404 });
  const [revisions, live, autosave] = await Promise.all([
    listRevisions("blog_articles", article.id),
    isPublic(db(), "blog_articles", article.id),
    autosaveFor(user.id, "blog_articles", article),
  ]);
  return {
    article: { id: article.id, slug: article.slug, status: article.status as ContentStatus, live },
    values: articleFormInput(article),
    categories,
    authors,
    site,
    revisions,
    autosave,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  const id = params.id;

  // §5: a new article's checks, on the server too.
  const submission = parseWithZod(formData, { schema: articleFormSchema });
  if (!id && formData.get("intent") === "save" && submission.status === "success") {
    const categories = (await listBlogCategories()).map((category) => category.name);
    const checks = articleCreateChecks(Object.fromEntries(formData) as Record<string, string>, categories);
    if (checks.length) return replyInvalid(submission, { formErrors: checks });
  }
  return editorAction(request, formData, {
    who,
    userId: user.id,
    id,
    entityType: "blog_articles",
    list: "/admin/blog",
    schema: articleFormSchema,
    create: (article) => createArticle(who, article),
    update: (article, articleId) => updateArticle(who, articleId, article),
    created: { title: "Article créé" },
    updated: { title: "Article mis à jour" },
    gone: "Impossible de mettre à jour l'article: cet article a été supprimé.",
    failed: {
      create: "Une erreur est survenue lors de la création de l'article",
      update: "Une erreur est survenue lors de la mise à jour de l'article",
    },
    refuse: (error) =>
      error instanceof ArticleFieldError ? { fieldErrors: { [error.field]: [error.message] } } : undefined,
  });
}

// A save after the session ended stays on the page and asks to sign in again (the frame).
export const clientAction = editorClientAction;

type LoaderData = Route.ComponentProps["loaderData"];

/** The public page's head tags for the form's current values, by the public route's own function. */
function articleMeta(values: ArticleFormInput, site: SiteSeo) {
  return contentMeta(
    site,
    { ...values, mainImage: values.image },
    { path: `/blog/${values.slug || slugify(values.title)}`, summary: values.excerpt, type: "article" },
  );
}

export default function ArticleEditor({ loaderData }: Route.ComponentProps) {
  const { article, values, categories, authors, site, revisions, autosave } = loaderData;
  const isEdit = article !== null;
  const [checks, setChecks] = useState<string[]>([]);
  const { form, fields } = useEditorForm({
    id: `article-${article?.id ?? "new"}-${values.updatedAt}`,
    schema: articleFormSchema,
    defaultValue: values,
  });

  /** §5: a new article's create checks are shown together, in a dialog, before anything is sent. */
  function checkBeforeCreate(
    event: React.FormEvent<HTMLFormElement>,
    validate: (event: React.FormEvent<HTMLFormElement>) => void,
  ) {
    // Conform validates while typing by a submit from its `__intent__` button: not a real submit.
    const realSubmit = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") !== "__intent__";
    if (!isEdit && realSubmit) {
      const submitted = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
      const errors = articleCreateChecks(
        submitted,
        categories.map((category) => category.name),
      );
      if (errors.length) {
        event.preventDefault();
        setChecks(errors);
      }
    }
    // Conform still validates: the fields show their own messages under the dialog.
    validate(event);
  }

  const current = { ...values, ...(form.value as Partial<ArticleFormInput>) } as ArticleFormInput;
  const status = current.status;

  return (
    <EditorFrame
      form={form}
      title={isEdit ? "Modifier l'Article" : "Créer un Article"}
      back={{ to: "/admin/blog", label: "Retour à la liste des articles" }}
      status={
        article
          ? { value: article.status, publicUrl: article.live ? `/blog/${article.slug}` : null }
          : undefined
      }
      revisions={article ? revisions : undefined}
      preview={{
        title: "Aperçu de l'article",
        path: `/admin/blog/preview/${article?.id ?? "new"}`,
        data: current,
        notice: isLimitedPreview(current.status) ? (
          <PreviewNotice title={LIMITED_PREVIEW.title}>{LIMITED_PREVIEW.description}</PreviewNotice>
        ) : null,
      }}
      updatedAt={values.updatedAt}
      autosave={autosave}
      checklist={{ input: isPublishing(status) ? articleChecklist(current) : null, siteUrl: site.publicUrl }}
      saveLabel={isEdit ? "Enregistrer les modifications" : "Créer l'article"}
      onSubmit={checkBeforeCreate}
      aside={<ValidationChecksDialog checks={checks} onClose={() => setChecks([])} />}
    >
      <EditorSection title="Article" className="flex flex-col gap-5">
        <TextField meta={fields.title} label="Titre" autoComplete="off" />
        <TextareaField
          meta={fields.excerpt}
          label="Extrait"
          rows={3}
          description="Le résumé affiché dans la liste des articles et sous le titre."
        />
        <Field meta={fields.image} label="Image principale">
          {(control) => (
            <ImageField {...control} key={fields.image.key} defaultValue={fields.image.initialValue} />
          )}
        </Field>
        <RichTextField meta={fields.content} label="Contenu" />
      </EditorSection>

      <EditorSection title="Publication" className="grid gap-5 md:grid-cols-2">
        <SelectField
          meta={fields.status}
          label="Statut"
          options={contentStatuses.map((value) => ({ value, label: contentStatusLabels[value] }))}
        />
        {status === "scheduled" ? (
          <ScheduledDateField meta={fields.scheduledDate} value={current.scheduledDate} subject="L'article" />
        ) : status === "published" ? (
          <TextField
            meta={fields.publishedAt}
            type="datetime-local"
            label="Date de publication"
            description="Vide : la date de l'enregistrement."
          />
        ) : (
          <div className="hidden md:block" />
        )}
        <TextField
          meta={fields.date}
          label="Date"
          placeholder="jj/mm/aaaa"
          inputMode="numeric"
          description="La date de l'article dans la liste du back-office."
        />
        <SelectField
          meta={fields.category}
          label="Catégorie"
          placeholder="Sélectionnez une catégorie"
          options={categories.map((category) => ({ value: category.name, label: category.name }))}
        />
        <SelectField meta={fields.author} label="Auteur" options={authorOptions(authors, values.author)} />
        <TextField meta={fields.readTime} label="Temps de lecture" placeholder="ex: 5 min" />
        <SlugField
          meta={fields.slug}
          folder="/blog"
          fromTitle={slugify(current.title)}
          example="mon-article"
          className="md:col-span-2"
        />
      </EditorSection>

      <SeoFieldset
        fields={fields}
        site={site}
        meta={articleMeta(current, site)}
        sources={{ title: current.title, description: current.excerpt, image: current.image }}
      />
    </EditorFrame>
  );
}

/** Known authors by name; the article's own author kept even if no longer listed ('Admin'...). */
function authorOptions(authors: LoaderData["authors"], current: string) {
  const names = authors.map((author) => author.name);
  if (!names.includes(current)) names.unshift(current || DEFAULT_AUTHOR_NAME);
  return names.map((name) => ({ value: name, label: name }));
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminError
      error={error}
      message={notFound ? `Article #${params.id} non trouvé` : "Une erreur est survenue"}
      retryTo="/admin/blog"
      retryLabel="Retour à la liste des articles"
    />
  );
}
