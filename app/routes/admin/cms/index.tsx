import { Link } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { DataTable, EmptyState, Pagination, RowActions, type Column } from "~/components/admin/data-table";
import { Icon } from "~/components/admin/icon";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { publicPath } from "~/lib/public-paths";
import { cmsPageListSpec } from "~/lib/schemas/cms-page";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { deleteCmsPage, listCmsPages, type CmsPageListItem } from "~/server/cms/cms-pages.server";
import { contentListAction } from "~/server/admin/content-list-actions.server";
import { trashNotice } from "~/lib/schemas/trash";

/** 'Gestion des pages' (/admin/cms): back-office.md §2.14, §8. */

export const meta: Route.MetaFunction = () => [{ title: "Gestion des pages | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const query = parseListQuery(request, cmsPageListSpec);
  return { query, pages: await listCmsPages(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  // §8: the refusal names the page; an unexpected failure says so.
  const title = String(formData.get("title") ?? "").slice(0, 200);
  return contentListAction(request, formData, who, {
    entityType: "cms_pages",
    editor: "/admin/cms/edit",
    remove: (id) => deleteCmsPage(who, id),
    deleted: { title: "Page supprimée", description: title ? `« ${title} »` : undefined },
    duplicated: "Page dupliquée",
    delete: {
      gone: `Impossible de supprimer la page "${title}".`,
      failed: "Une erreur s'est produite lors de la suppression de la page.",
    },
    duplicate: {
      gone: "Page introuvable.",
      failed: "Une erreur s'est produite lors de la duplication de la page.",
    },
  });
}

const columns: Column<CmsPageListItem>[] = [
  {
    id: "title",
    header: "Titre",
    sortable: true,
    card: "title",
    className: "max-w-[300px]",
    cell: (p) => (
      <Link to={`/admin/cms/edit/${p.id}`} className="block truncate font-medium hover:underline">
        {p.title}
      </Link>
    ),
  },
  { id: "slug", header: "Slug", sortable: true, cell: (p) => <code className="text-sm">/{p.slug}</code> },
  {
    id: "status",
    header: "Statut",
    sortable: true,
    cell: (p) => <StatusBadge status={p.isPublished ? "published" : "draft"} />,
  },
  {
    id: "updated",
    header: "Dernière modification",
    sortable: true,
    firstDir: "desc",
    cell: (p) => formatDateTime(p.updatedAt),
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (p) => (
      <RowActions
        // Icons with tooltips: four actions beside five columns fit a 1280 px screen with the menu.
        compact
        name={p.title}
        edit={`/admin/cms/edit/${p.id}`}
        // §2.14: 'Aperçu' opens the page at its address on the site; a draft one, which is not
        // there, its back-office preview (issue 21, point 8).
        preview={{ href: p.isPublished ? publicPath("cms_pages", p.slug) : `/admin/cms/preview/${p.id}` }}
        duplicate={{ id: p.id }}
        remove={{
          id: p.id,
          description: `Êtes-vous sûr de vouloir supprimer la page « ${p.title} » ? ${trashNotice.cms_pages}`,
          fields: { title: p.title },
        }}
      />
    ),
  },
];

export default function CmsPagesScreen({ loaderData }: Route.ComponentProps) {
  const { query, pages } = loaderData;
  const filtered = Boolean(query.q || query.filters.status);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Gestion des pages"
        description="Les pages libres du site, servies à leur adresse /{slug}."
        actions={
          <Button asChild>
            <Link to="/admin/cms/create">
              <Icon name="plus" />
              Nouvelle page
            </Link>
          </Button>
        }
      />
      <ListFilters>
        <SearchField label="Rechercher une page" placeholder="Titre ou slug" defaultValue={query.q} />
        <FilterSelect
          name="status"
          label="Statut"
          allLabel="Tous les statuts"
          options={[
            { value: "published", label: "Publié" },
            { value: "draft", label: "Brouillon" },
          ]}
          value={query.filters.status}
        />
      </ListFilters>
      <DataTable
        caption="Pages CMS"
        rows={pages.items}
        rowKey={(p) => p.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={
          <EmptyState
            title="Aucune page CMS trouvée"
            action={
              <Button asChild variant="outline">
                <Link to="/admin/cms/create">Nouvelle page</Link>
              </Button>
            }
          />
        }
        noMatch="Aucune page CMS trouvée"
        filtered={filtered}
      />
      <Pagination page={pages} counted="page" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger les pages CMS." retryTo="/admin/cms" />;
}
