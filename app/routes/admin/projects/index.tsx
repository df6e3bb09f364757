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
import type { ContentStatus } from "~/lib/enums";
import { formatShortDate } from "~/lib/format-date";
import { parseListQuery } from "~/lib/list-query";
import { publicPath } from "~/lib/public-paths";
import { projectListSpec } from "~/lib/schemas/project";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { deleteProject, listProjectCategories, listProjects } from "~/server/projects/projects.server";
import { contentListAction } from "~/server/admin/content-list-actions.server";
import { trashNotice } from "~/lib/schemas/trash";

export const meta: Route.MetaFunction = () => [{ title: "Projets | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const query = parseListQuery(request, projectListSpec);
  const [projects, categories] = await Promise.all([listProjects(query), listProjectCategories()]);
  return { query, projects, categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  return contentListAction(request, await request.formData(), who, {
    entityType: "projects",
    editor: "/admin/projects/edit",
    remove: (id) => deleteProject(who, id),
    deleted: { title: "Projet supprimé" },
    duplicated: "Projet dupliqué",
    delete: {
      gone: "Ce projet n'existe plus.",
      failed: "Une erreur est survenue lors de la suppression du projet",
    },
    duplicate: {
      gone: "Ce projet n'existe plus.",
      failed: "Une erreur est survenue lors de la duplication du projet",
    },
  });
}

type ProjectRow = Route.ComponentProps["loaderData"]["projects"]["items"][number];

const columns: Column<ProjectRow>[] = [
  {
    id: "title",
    header: "Titre",
    card: "title",
    className: "max-w-[220px]",
    cell: (project) => (
      <Link
        to={`/admin/projects/edit/${project.id}`}
        className="block truncate font-medium hover:underline"
        title={project.title}
      >
        {project.title}
      </Link>
    ),
  },
  {
    id: "category",
    header: "Catégorie",
    cell: (project) => project.category || <span className="text-muted-foreground">Non classé</span>,
  },
  {
    id: "location",
    header: "Lieu",
    cell: (project) => project.location || <span className="text-muted-foreground">—</span>,
  },
  { id: "date", header: "Date", cell: (project) => formatShortDate(project.createdAt) },
  {
    id: "status",
    header: "Statut",
    // 'Planifié' too (issue 21, point 8), as the articles list.
    cell: (project) => <StatusBadge status={project.status as ContentStatus} />,
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (project) => (
      <RowActions
        // Icons with tooltips: four actions beside five columns fit a 1280 px screen with the menu.
        compact
        name={project.title}
        edit={`/admin/projects/edit/${project.id}`}
        preview={
          project.status === "published"
            ? { href: publicPath("projects", project.slug), live: true }
            : { href: `/admin/projects/preview/${project.id}` }
        }
        duplicate={{ id: project.id }}
        remove={{
          id: project.id,
          description: `Êtes-vous sûr de vouloir supprimer le projet « ${project.title} » et sa galerie ? ${trashNotice.projects}`,
        }}
      />
    ),
  },
];

export default function ProjectsScreen({ loaderData }: Route.ComponentProps) {
  const { query, projects, categories } = loaderData;
  const filtered = Boolean(query.q || query.filters.category);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Gestion des Projets"
        description="Les réalisations présentées sur le site."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/projects/quick-create">
                <Icon name="zap" />
                Création rapide
              </Link>
            </Button>
            <Button asChild>
              <Link to="/admin/projects/create">
                <Icon name="plus" />
                Nouveau projet
              </Link>
            </Button>
          </>
        }
      />
      <ListFilters>
        <SearchField label="Rechercher un projet" placeholder="Titre ou catégorie" defaultValue={query.q} />
        <FilterSelect
          name="category"
          label="Catégorie"
          allLabel="Toutes les catégories"
          options={categories.map((category) => ({ value: category.slug, label: category.name }))}
          value={query.filters.category}
        />
      </ListFilters>
      <DataTable
        caption="Projets"
        rows={projects.items}
        rowKey={(project) => project.id}
        columns={columns}
        empty={
          <EmptyState
            title="Aucun projet trouvé"
            description="Créez un projet complet, ou une ébauche depuis votre téléphone avec la création rapide."
            action={
              <Button asChild>
                <Link to="/admin/projects/create">
                  <Icon name="plus" />
                  Nouveau projet
                </Link>
              </Button>
            }
          />
        }
        noMatch={
          <EmptyState
            title="Aucun projet trouvé"
            description="Aucun projet ne correspond à cette recherche."
            action={<ClearFilters />}
          />
        }
        filtered={filtered}
      />
      <Pagination page={projects} counted="projet" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger les projets." retryTo="/admin/projects" />;
}
