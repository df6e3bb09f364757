import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/preview";
import { PreviewError } from "~/components/admin/admin-error";
import { PreviewChecklist } from "~/components/admin/content-editor/publish-checklist";
import { PreviewNotice, PreviewScreen, usePreviewData } from "~/components/admin/preview-frame";
import { ArticleView, type ArticleViewData } from "~/components/site/article-view";
import { articleChecklist, isPublishing } from "~/lib/admin/publish-checklist";
import { sanitizeContentHtml } from "~/lib/content-html";
import { fromParisDate, fromParisInput } from "~/lib/paris-time";
import { isLimitedPreview, LIMITED_PREVIEW, type ArticleFormInput } from "~/lib/schemas/article";
import { DEFAULT_AUTHOR_NAME } from "~/lib/site-defaults";
import { slugify } from "~/lib/slugify";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { articleFormInput, getArticle, listAuthorNames } from "~/server/articles/articles.server";
import { getRelatedArticles } from "~/server/articles/published.server";
import { adminLinks } from "~/components/admin/stylesheet";

/**
 * /admin/blog/preview/{id} (back-office.md §2.6): the article as the public page shows it, from
 * the stored article, then live from the form that opened it (new tab) or frames it (the editor's
 * 'Aperçu' dialog, `?embed=1`: the page alone, at the frame's width). `new` previews a form not
 * saved yet.
 */
export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Aperçu de l'article | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "user");
  if (params.id === "new") {
    const [first] = await listAuthorNames();
    return data(
      {
        values: articleFormInput(null, first?.name),
        related: { sameCategory: [], similar: [] },
        siteUrl: config.publicUrl,
      },
      { headers: noStoreHeaders },
    );
  }
  const article = await getArticle(params.id);
  if (!article) throw data(`Article #${params.id} non trouvé`, { status: 404, headers: noStoreHeaders });
  const related = await getRelatedArticles(article);
  return data(
    { values: articleFormInput(article), related, siteUrl: config.publicUrl },
    { headers: noStoreHeaders },
  );
}

/** The date the public page shows (public-site.md §3): publication, else planned, else the article's. */
function shownDate(values: ArticleFormInput): Date {
  const chosen =
    values.status === "published"
      ? fromParisInput(values.publishedAt)
      : values.status === "scheduled"
        ? fromParisInput(values.scheduledDate)
        : null;
  return chosen ?? fromParisDate(values.date) ?? new Date();
}

/** The form's values as the public article page takes them; the body through the public allowlist. */
function articleView(values: ArticleFormInput): ArticleViewData {
  return {
    title: values.title || "Titre de l'article",
    excerpt: values.excerpt || null,
    mainImage: values.image || null,
    authorName: values.author || DEFAULT_AUTHOR_NAME,
    date: shownDate(values),
    readTime: values.readTime,
    category: values.category ? { name: values.category, slug: slugify(values.category) } : null,
    html: sanitizeContentHtml(values.content),
  };
}

export default function ArticlePreview({ loaderData, params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { data: values, live } = usePreviewData(loaderData.values);

  if (searchParams.has("embed")) {
    return (
      <main data-live={live || undefined}>
        <ArticleView article={articleView(values)} related={loaderData.related} />
      </main>
    );
  }
  return (
    <PreviewScreen
      title="Aperçu de l'article"
      notices={
        <>
          {isLimitedPreview(values.status) ? (
            <PreviewNotice title={LIMITED_PREVIEW.title}>{LIMITED_PREVIEW.description}</PreviewNotice>
          ) : null}
          <PreviewChecklist
            input={isPublishing(values.status) ? articleChecklist(values) : null}
            siteUrl={loaderData.siteUrl}
          />
        </>
      }
      src={`/admin/blog/preview/${params.id}?embed=1`}
      data={values}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PreviewError
      error={error}
      fallback="Une erreur est survenue"
      listTo="/admin/blog"
      listLabel="Retour à la liste des articles"
    />
  );
}
