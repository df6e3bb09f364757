import { getFormProps, useForm, useInputControl, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Wand2 } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/editor";
import { AdminError } from "~/components/admin/admin-error";
import { PreviewDialog } from "~/components/admin/editor-dialogs";
import { Field, FormErrors, TextField, ToggleField, typeInto } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { PreviewNotice } from "~/components/admin/preview-frame";
import { RevisionHistory } from "~/components/admin/revision-history";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { SeoFieldset } from "~/components/admin/seo-fieldset";
import { StatusBadge } from "~/components/admin/status-badge";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { RESTORE_INTENT } from "~/lib/admin/revisions";
import type { FormAnswer } from "~/lib/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { publicPath } from "~/lib/public-paths";
import {
  CMS_LIMITED_PREVIEW,
  CMS_SLUG_TAKEN_MESSAGE,
  cmsPageSchema,
  type CmsPageFormInput,
  type CmsPageValues,
} from "~/lib/schemas/cms-page";
import { cmsPageMeta } from "~/lib/seo";
import { slugify } from "~/lib/slugify";
import { replyFailed, replyInvalid } from "~/server/admin/form-replies.server";
import { restoreFromForm } from "~/server/admin/restore.server";
import { MissingRowError } from "~/server/audit/mutation.server";
import { requireRole } from "~/server/auth/session.server";
import { cmsPageFormInput, createCmsPage, getCmsPage, updateCmsPage } from "~/server/content/cms.server";
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
  await requireRole(request, "user");
  const site = buildSiteSeo(await getPublicSettings());
  if (params.id === undefined) return { page: null, values: cmsPageFormInput(null), site, revisions: [] };
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
  };
}

type Answer = FormAnswer & { failed?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireRole(request, "user");
  const who = { actor: user, ip: context.clientIp };
  const formData = await request.formData();
  const id = params.id;

  if (formData.get("intent") === RESTORE_INTENT && id)
    return restoreFromForm(
      who,
      "cms_pages",
      id,
      formData,
      `${LIST}/edit/${id}`,
      "Impossible de mettre à jour la page.",
    );

  const submission = parseWithZod(formData, { schema: cmsPageSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    if (!id) {
      await createCmsPage(who, submission.value);
      return redirectWithToast(LIST, { title: "Page créée" });
    }
    await updateCmsPage(who, id, submission.value);
    return redirectWithToast(`${LIST}/edit/${id}`, { title: "Page mise à jour" });
  } catch (error) {
    if (uniqueViolation(error) === "cms_pages_slug_unique")
      return replyInvalid(submission, { fieldErrors: { slug: [CMS_SLUG_TAKEN_MESSAGE] } });
    if (error instanceof MissingRowError) return pageNotFound();
    const reply = replyFailed(
      submission,
      error,
      id ? "Impossible de mettre à jour la page." : "Impossible de créer la page.",
    );
    return data<Answer>(
      { ...reply.data, failed: reply.data.result.error?.[""]?.[0] },
      reply.init ?? undefined,
    );
  }
}

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
  const { page, values, site, revisions } = loaderData;
  const actionData = useActionData<Answer>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const formId = `cms-page-${page?.id ?? "new"}-${values.updatedAt}`;

  const [form, fields] = useForm<CmsPageValues>({
    // A new version loaded (after a save or a restore) is a new, clean form.
    id: formId,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: values,
    // §5 on change; on input rather than on blur, so a message never moves the button being clicked.
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cmsPageSchema }),
  });

  // §8: a save that failed on the server is also told by a toast.
  useEffect(() => {
    if (actionData?.failed) toast.error("Erreur", { description: actionData.failed });
  }, [actionData]);

  const current = currentValues(values, form.value);
  const address = publicPath("cms_pages", current.slug || slugify(current.title) || "…");

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={page ? "Modifier la page" : "Nouvelle page"}
        back={{ to: LIST, label: "Retour à la liste des pages" }}
        description={
          page ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={page.isPublished ? "published" : "draft"} />
              {page.isPublished ? (
                <a
                  href={publicPath("cms_pages", page.slug)}
                  target="_blank"
                  rel="noreferrer"
                  className="underline"
                >
                  Voir sur le site<span className="sr-only"> (nouvel onglet)</span>
                </a>
              ) : null}
            </span>
          ) : undefined
        }
        actions={
          <>
            {page ? <RevisionHistory revisions={revisions} updatedAt={values.updatedAt} /> : null}
            <PreviewDialog
              title="Aperçu de la page"
              path={`/admin/cms/preview/${page?.id ?? "new"}`}
              data={current}
              notice={
                current.isPublished ? null : (
                  <PreviewNotice title={CMS_LIMITED_PREVIEW.title}>
                    {CMS_LIMITED_PREVIEW.description}
                  </PreviewNotice>
                )
              }
            />
          </>
        }
      />

      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="updatedAt" value={values.updatedAt} />

        <Card>
          <CardHeader>
            <CardTitle>Page</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
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
            <ContentField meta={fields.content} initial={values.content} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Publication</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
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
          </CardContent>
        </Card>

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

        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={LIST}>Annuler</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {saving ? "Enregistrement..." : page ? "Enregistrer les modifications" : "Créer la page"}
          </Button>
        </div>
      </Form>
      <UnsavedChangesGuard formId={formId} />
    </div>
  );
}

/** The body: the rich text editor, its changes followed by Conform like typing. */
function ContentField({ meta, initial }: { meta: FieldMetadata<string>; initial: string }) {
  const control = useInputControl(meta);
  return (
    <Field meta={meta} label="Contenu">
      {(props) => (
        <RichTextEditor {...props} key={meta.key} defaultValue={initial} onChange={control.change} />
      )}
    </Field>
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
