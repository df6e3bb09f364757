import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable, EmptyState, Pagination, type Column } from "~/components/admin/data-table";
import { TextareaField, TextField } from "~/components/admin/fields";
import { FormDialog } from "~/components/admin/form-dialog";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { formatShortDate } from "~/lib/format-date";
import { defineListSpec, parseListQuery } from "~/lib/list-query";
import { AUTHOR_HAS_ARTICLES_MESSAGE, authorSchema, type AuthorInput } from "~/lib/schemas/author";
import { readRowRef } from "~/lib/schemas/common";
import { replyFailed, replyInvalid, unknownIntent } from "~/server/admin/form-replies.server";
import { requireRole } from "~/server/auth/session.server";
import {
  AuthorHasArticlesError,
  authorSorts,
  createAuthor,
  deleteAuthor,
  listAuthors,
  updateAuthor,
} from "~/server/content/authors.server";
import { redirectWithToast } from "~/server/toast.server";

const listSpec = defineListSpec({ sorts: authorSorts, defaultSort: "name" });

export const meta: Route.MetaFunction = () => [{ title: "Auteurs | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const query = parseListQuery(request, listSpec);
  return { query, authors: await listAuthors(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireRole(request, "user");
  const who = { actor: user, ip: context.clientIp };
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const intent = formData.get("intent");

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: authorSchema });
    if (submission.status !== "success") return replyInvalid(submission);
    const ref = readRowRef(formData);
    if (intent === "update" && !ref) return replyInvalid(submission, { formErrors: ["Auteur introuvable."] });
    try {
      if (intent === "create") await createAuthor(who, submission.value);
      else await updateAuthor(who, ref!.id, submission.value, ref!.updatedAt);
    } catch (error) {
      return replyFailed(
        submission,
        error,
        intent === "create" ? "Impossible d'ajouter l'auteur" : "Impossible de modifier l'auteur",
      );
    }
    return redirectWithToast(back, { title: intent === "create" ? "Auteur ajouté" : "Auteur modifié" });
  }

  if (intent === "delete") {
    const ref = readRowRef(formData);
    try {
      if (!ref) throw new Error("missing author id");
      await deleteAuthor(who, ref.id);
    } catch (error) {
      const blocked = error instanceof AuthorHasArticlesError;
      return redirectWithToast(back, {
        type: "error",
        title: blocked ? "Impossible de supprimer" : "Erreur",
        description: blocked ? AUTHOR_HAS_ARTICLES_MESSAGE : "Impossible de supprimer l'auteur",
      });
    }
    return redirectWithToast(back, { title: "Auteur supprimé" });
  }
  unknownIntent();
}

type AuthorRow = Route.ComponentProps["loaderData"]["authors"]["items"][number];

function AuthorDialog({ author }: { author?: AuthorRow }) {
  const defaultValue: Partial<AuthorInput> = author
    ? { name: author.name, bio: author.bio ?? "", avatarUrl: author.avatarUrl ?? "" }
    : { name: "", bio: "", avatarUrl: "" };
  return (
    <FormDialog
      trigger={
        author ? (
          <Button variant="ghost" size="sm">
            <Pencil aria-hidden />
            Modifier<span className="sr-only"> {author.name}</span>
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden />
            Ajouter un auteur
          </Button>
        )
      }
      title={author ? "Modifier l'auteur" : "Ajouter un auteur"}
      schema={authorSchema}
      intent={author ? "update" : "create"}
      hidden={author ? { id: author.id, updatedAt: new Date(author.updatedAt).toISOString() } : {}}
      defaultValue={defaultValue}
      submitLabel={author ? "Enregistrer" : "Ajouter"}
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
    </FormDialog>
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
      <div className="flex gap-1">
        <AuthorDialog author={a} />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-red-300 hover:text-red-200">
              <Trash2 aria-hidden />
              Supprimer<span className="sr-only"> {a.name}</span>
            </Button>
          }
          title="Confirmer la suppression"
          description={`Êtes-vous sûr de vouloir supprimer l'auteur « ${a.name} » ? Cette action ne peut pas être annulée.`}
          intent="delete"
          fields={{ id: a.id }}
        />
      </div>
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
        empty={
          <EmptyState
            title={
              query.q
                ? "Aucun auteur trouvé pour cette recherche."
                : "Aucun auteur trouvé. Cliquez sur « Ajouter un auteur » pour en créer un."
            }
          />
        }
      />
      <Pagination page={authors} totalLabel={(n) => `${n} auteur${n > 1 ? "s" : ""}`} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger les auteurs" retryTo="/admin/authors" />;
}
