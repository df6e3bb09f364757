import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { DataTable, Pagination, RowActions, type Column } from "~/components/admin/data-table";
import { TextareaField, TextField } from "~/components/admin/fields";
import { RowFormDialog } from "~/components/admin/form-dialog";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { formatShortDate } from "~/lib/format-date";
import { defineListSpec, parseListQuery } from "~/lib/list-query";
import { AUTHOR_HAS_ARTICLES_MESSAGE, authorSchema, type AuthorInput } from "~/lib/schemas/author";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { deleteRowFromForm, saveFromForm, saveRowFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  AuthorHasArticlesError,
  authorSorts,
  createAuthor,
  deleteAuthor,
  listAuthors,
  updateAuthor,
} from "~/server/content/authors.server";
import { trashNotice } from "~/lib/schemas/trash";

const listSpec = defineListSpec({ sorts: authorSorts, defaultSort: "name" });

export const meta: Route.MetaFunction = () => [{ title: "Auteurs | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const query = parseListQuery(request, listSpec);
  return { query, authors: await listAuthors(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return saveFromForm(request, formData, authorSchema, {
        save: (author) => createAuthor(who, author),
        done: { title: "Auteur ajouté" },
        failed: "Impossible d'ajouter l'auteur",
      });
    case "update":
      return saveRowFromForm(request, formData, authorSchema, {
        missing: "Auteur introuvable.",
        save: (author, ref) => updateAuthor(who, ref.id, author, ref.updatedAt),
        done: { title: "Auteur modifié" },
        failed: "Impossible de modifier l'auteur",
      });
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteAuthor(who, ref.id),
        deleted: { title: "Auteur supprimé" },
        failed: "Impossible de supprimer l'auteur",
        refuse: (error) =>
          error instanceof AuthorHasArticlesError
            ? { title: "Impossible de supprimer", description: AUTHOR_HAS_ARTICLES_MESSAGE }
            : undefined,
      });
  }
  unknownIntent();
}

type AuthorRow = Route.ComponentProps["loaderData"]["authors"]["items"][number];

/** 'Ajouter un auteur', or the row's 'Modifier' (`trigger`) for `author`. */
function AuthorDialog({ author, trigger }: { author?: AuthorRow; trigger?: React.ReactElement }) {
  const defaultValue: Partial<AuthorInput> = author
    ? { name: author.name, bio: author.bio ?? "", avatarUrl: author.avatarUrl ?? "" }
    : { name: "", bio: "", avatarUrl: "" };
  return (
    <RowFormDialog
      row={author}
      trigger={trigger}
      add="Ajouter un auteur"
      edit="Modifier l'auteur"
      schema={authorSchema}
      defaultValue={defaultValue}
    >
      {(fields) => (
        <>
          <TextField meta={fields.name} label="Nom" autoComplete="off" />
          <TextareaField meta={fields.bio} label="Biographie" rows={4} className="[&_textarea]:min-h-24" />
          <TextField
            meta={fields.avatarUrl}
            type="url"
            label="URL de l'avatar"
            placeholder="https://..."
            description="Facultatif : l'adresse d'une photo de l'auteur."
          />
        </>
      )}
    </RowFormDialog>
  );
}

const columns: Column<AuthorRow>[] = [
  {
    id: "name",
    header: "Nom",
    sortable: true,
    card: "title",
    cell: (a) => <span className="font-medium">{a.name}</span>,
  },
  {
    id: "bio",
    header: "Biographie",
    className: "max-w-[360px]",
    cell: (a) =>
      a.bio ? (
        <span className="line-clamp-2">{a.bio}</span>
      ) : (
        <span className="italic text-muted-foreground">Pas de biographie</span>
      ),
  },
  { id: "articles", header: "Articles", sortable: true, firstDir: "desc", cell: (a) => a.articleCount },
  {
    id: "created",
    header: "Date de création",
    sortable: true,
    firstDir: "desc",
    cell: (a) => formatShortDate(a.createdAt),
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (a) => (
      <RowActions
        name={a.name}
        edit={(trigger) => <AuthorDialog author={a} trigger={trigger} />}
        remove={{
          id: a.id,
          description: `Êtes-vous sûr de vouloir supprimer l'auteur « ${a.name} » ? ${trashNotice.blog_authors}`,
        }}
      />
    ),
  },
];

export default function AuthorsScreen({ loaderData }: Route.ComponentProps) {
  const { query, authors } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Auteurs"
        description="Les auteurs des articles du blog."
        actions={<AuthorDialog />}
      />
      <ListFilters>
        <SearchField label="Rechercher un auteur" placeholder="Nom ou biographie" defaultValue={query.q} />
      </ListFilters>
      <DataTable
        caption="Auteurs"
        rows={authors.items}
        rowKey={(a) => a.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        empty="Aucun auteur trouvé. Cliquez sur « Ajouter un auteur » pour en créer un."
        noMatch="Aucun auteur trouvé pour cette recherche."
        filtered={Boolean(query.q)}
      />
      <Pagination page={authors} counted="auteur" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger les auteurs" retryTo="/admin/authors" />;
}
