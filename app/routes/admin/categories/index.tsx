import { useNavigate } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { DataTable, Pagination, RowActions, type Column } from "~/components/admin/data-table";
import { TextField } from "~/components/admin/fields";
import { RowFormDialog } from "~/components/admin/form-dialog";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatShortDate } from "~/lib/format-date";
import { defineListSpec, parseListQuery } from "~/lib/list-query";
import { categoryKinds, categorySchema, type CategoryKind } from "~/lib/schemas/category";
import { unknownIntent } from "~/server/admin/form-replies.server";
import {
  deleteRowFromForm,
  type Refusal,
  saveFromForm,
  saveRowFromForm,
} from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  categorySorts,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/server/content/categories.server";
import { uniqueViolation } from "~/server/db/errors.server";
import { plural } from "~/lib/plural";

const listSpec = defineListSpec({ sorts: categorySorts, defaultSort: "name" });

/** What differs between the two tabs. */
const kinds: Record<CategoryKind, { tab: string; count: string; items: (n: number) => string }> = {
  blog: {
    tab: "Catégories d'articles",
    count: "Nombre d'articles",
    items: (n) => plural(n, "article"),
  },
  projects: {
    tab: "Catégories de projets",
    count: "Nombre de projets",
    items: (n) => plural(n, "projet"),
  },
};

function kindOf(url: URL): CategoryKind {
  const tab = url.searchParams.get("tab");
  return categoryKinds.find((kind) => kind === tab) ?? "blog";
}

export const meta: Route.MetaFunction = () => [{ title: "Gestion des Catégories | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const kind = kindOf(new URL(request.url));
  const query = parseListQuery(request, listSpec);
  return { kind, query, categories: await listCategories(kind, query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const kind = kindOf(new URL(request.url));
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return saveFromForm(request, formData, categorySchema, {
        save: (category) => createCategory(who, kind, category),
        refuse: takenName,
        done: { title: "Catégorie ajoutée" },
        failed: "Impossible d'ajouter la catégorie",
      });
    case "update":
      return saveRowFromForm(request, formData, categorySchema, {
        missing: "Catégorie introuvable.",
        save: (category, ref) => updateCategory(who, kind, ref.id, category),
        refuse: takenName,
        done: { title: "Catégorie modifiée" },
        failed: "Impossible de modifier la catégorie",
      });
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteCategory(who, kind, ref.id),
        deleted: { title: "Catégorie supprimée" },
        failed: "Impossible de supprimer la catégorie",
      });
  }
  unknownIntent();
}

/** A slug or a name another category of this kind already has. */
function takenName(error: unknown): Refusal | undefined {
  const taken = uniqueViolation(error);
  if (taken?.endsWith("_slug_unique"))
    return { fieldErrors: { slug: ["Ce slug est déjà utilisé par une autre catégorie"] } };
  if (taken?.endsWith("_name_unique")) return { fieldErrors: { name: ["Une catégorie porte déjà ce nom"] } };
}

type CategoryRow = Route.ComponentProps["loaderData"]["categories"]["items"][number];

/** 'Ajouter une catégorie', or the row's 'Modifier' (`trigger`) for `category`. */
function CategoryDialog({
  category,
  kind,
  trigger,
}: {
  category?: CategoryRow;
  kind: CategoryKind;
  trigger?: React.ReactElement;
}) {
  return (
    <RowFormDialog
      row={category}
      trigger={trigger}
      add="Ajouter une catégorie"
      edit="Modifier la catégorie"
      description={kinds[kind].tab}
      schema={categorySchema}
      defaultValue={category ? { name: category.name, slug: category.slug } : { name: "", slug: "" }}
    >
      {(fields) => (
        <>
          <TextField meta={fields.name} label="Nom" autoComplete="off" />
          <TextField
            meta={fields.slug}
            label="Slug"
            autoComplete="off"
            placeholder="ex : renovation-electrique"
            description="Laissez vide pour le créer à partir du nom."
          />
        </>
      )}
    </RowFormDialog>
  );
}

function deleteQuestion(category: CategoryRow, kind: CategoryKind) {
  const used = category.itemCount;
  return (
    <>
      Êtes-vous sûr de vouloir supprimer la catégorie « {category.name} » ?{" "}
      {used > 0 ? (
        <strong className="text-foreground">
          {kinds[kind].items(used)} {used > 1 ? "perdront" : "perdra"} cette catégorie.{" "}
        </strong>
      ) : null}
      Cette action ne peut pas être annulée.
    </>
  );
}

function columnsFor(kind: CategoryKind): Column<CategoryRow>[] {
  return [
    { id: "name", header: "Nom", sortable: true, card: "title", cell: (c) => c.name },
    { id: "slug", header: "Slug", sortable: true, cell: (c) => <code className="text-sm">{c.slug}</code> },
    { id: "count", header: kinds[kind].count, sortable: true, firstDir: "desc", cell: (c) => c.itemCount },
    {
      id: "created",
      header: "Date de création",
      sortable: true,
      firstDir: "desc",
      cell: (c) => formatShortDate(c.createdAt),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (c) => (
        <RowActions
          name={c.name}
          edit={(trigger) => <CategoryDialog category={c} kind={kind} trigger={trigger} />}
          remove={{ id: c.id, description: deleteQuestion(c, kind) }}
        />
      ),
    },
  ];
}

export default function CategoriesScreen({ loaderData }: Route.ComponentProps) {
  const { kind, query, categories } = loaderData;
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader title="Gestion des Catégories" actions={<CategoryDialog kind={kind} />} />
      <Tabs value={kind} onValueChange={(tab) => navigate(tab === "blog" ? "?" : `?tab=${tab}`)}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit">
          {categoryKinds.map((k) => (
            <TabsTrigger key={k} value={k} className="h-auto min-h-8 whitespace-normal py-1">
              {kinds[k].tab}
            </TabsTrigger>
          ))}
        </TabsList>
        {categoryKinds.map((k) => (
          <TabsContent key={k} value={k} className="flex flex-col gap-4 pt-2">
            {k === kind ? (
              <>
                <ListFilters keep={["tab"]}>
                  <SearchField
                    label="Rechercher une catégorie"
                    placeholder="Nom ou slug"
                    defaultValue={query.q}
                  />
                </ListFilters>
                <DataTable
                  caption={kinds[kind].tab}
                  rows={categories.items}
                  rowKey={(c) => c.id}
                  columns={columnsFor(kind)}
                  sort={{ sort: query.sort, dir: query.dir }}
                  empty="Aucune catégorie trouvée..."
                />
                <Pagination page={categories} counted="catégorie" />
              </>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} message="Impossible de charger les catégories" retryTo="/admin/categories" />
  );
}
