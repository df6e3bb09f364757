import { Link } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import {
  ClearFilters,
  DataTable,
  EmptyState,
  Pagination,
  RowActions,
  type Column,
} from "~/components/admin/data-table";
import { Icon } from "~/components/admin/icon";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { contentStatuses, contentStatusLabels } from "~/lib/enums";
import { formatShortDate } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { articleListSpec, UNCATEGORIZED } from "~/lib/schemas/article";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  deleteArticle,
  listArticles,
  listBlogCategories,
  type ArticleListItem,
} from "~/server/articles/articles.server";
import { contentListAction } from "~/server/admin/content-list-actions.server";
import { trashNotice } from "~/lib/schemas/trash";

export const meta: Route.MetaFunction = () => [{ title: "Gestion du Blog | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const query = parseListQuery(request, articleListSpec);
  const [articles, categories] = await Promise.all([listArticles(query), listBlogCategories()]);
  return { query, articles, categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  return contentListAction(request, await request.formData(), who, {
    entityType: "blog_articles",
    editor: "/admin/blog/edit",
    remove: (id) => deleteArticle(who, id),
    deleted: { title: "Article supprimé" },
    duplicated: "Article dupliqué",
    delete: {
      gone: "Impossible de supprimer l'article: cet article n'existe plus.",
      failed: "Une erreur est survenue lors de la suppression de l'article",
    },
    duplicate: {
      gone: "Impossible de dupliquer l'article: cet article n'existe plus.",
      failed: "Une erreur est survenue lors de la duplication de l'article",
    },
  });
}

const columns: Column<ArticleListItem>[] = [
  {
    id: "title",
    header: "Titre",
    sortable: true,
    card: "title",
    className: "max-w-[300px]",
    cell: (a) => (
      <Link
        to={`/admin/blog/edit/${a.id}`}
        className="block truncate font-medium hover:underline"
        title={a.title}
      >
        {a.title}
      </Link>
    ),
  },
  {
    id: "category",
    header: "Catégorie",
    cell: (a) => a.category?.name ?? <span className="italic text-muted-foreground">Non catégorisé</span>,
  },
  { id: "author", header: "Auteur", cell: (a) => a.author },
  { id: "date", header: "Date", sortable: true, firstDir: "desc", cell: (a) => formatShortDate(a.createdAt) },
  { id: "status", header: "Statut", sortable: true, cell: (a) => <StatusBadge status={a.status} /> },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (a) => (
      <RowActions
        name={`« ${a.title} »`}
        compact
        edit={`/admin/blog/edit/${a.id}`}
        preview={{ href: `/admin/blog/preview/${a.id}` }}
        duplicate={{ id: a.id }}
        remove={{
          id: a.id,
          description: `Êtes-vous sûr de vouloir supprimer cet article ? ${trashNotice.blog_articles}`,
        }}
      />
    ),
  },
];

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { query, articles, categories } = loaderData;
  const filtered = Boolean(query.q || query.filters.category || query.filters.status);
  const createFirst = (
    <Button asChild>
      <Link to="/admin/blog/create">Créer votre premier article</Link>
    </Button>
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Gestion du Blog"
        description="Les articles du blog, publiés ou non."
        actions={
          <>
            <Button asChild variant="outline">
              <a href="/blog" target="_blank" rel="noreferrer">
                <Icon name="external-link" />
                Voir le blog<span className="sr-only"> (nouvel onglet)</span>
              </a>
            </Button>
            <Button asChild>
              <Link to="/admin/blog/create">
                <Icon name="plus" />
                Ajouter un article
              </Link>
            </Button>
          </>
        }
      />
      <ListFilters>
        <SearchField label="Rechercher" placeholder="Titre ou catégorie" defaultValue={query.q} />
        <FilterSelect
          name="category"
          label="Catégorie"
          allLabel="Toutes les catégories"
          options={[
            ...categories.map((category) => ({ value: category.slug, label: category.name })),
            { value: UNCATEGORIZED, label: "Non catégorisé" },
          ]}
          value={query.filters.category}
        />
        <FilterSelect
          name="status"
          label="Statut"
          allLabel="Tous les statuts"
          options={contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] }))}
          value={query.filters.status}
        />
      </ListFilters>
      <DataTable
        caption="Articles"
        rows={articles.items}
        rowKey={(a) => a.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={<EmptyState title="Aucun article trouvé" action={createFirst} />}
        noMatch={
          // §2.5: the way to the first article shows under a search or filter with no result too.
          <EmptyState
            title="Aucun article trouvé"
            description="Aucun article ne correspond à cette recherche ou à ces filtres."
            action={
              <div className="flex flex-col items-center gap-3">
                {createFirst}
                <ClearFilters />
              </div>
            }
          />
        }
        filtered={filtered}
      />
      <Pagination page={articles} counted="article" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de récupérer les articles." retryTo="/admin/blog" />;
}
