import { useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";

import { DataTable, EmptyState, RowActions, type Column } from "~/components/admin/data-table";
import { BlockDialog, BlockIcon } from "~/components/admin/expertise/block-dialog";
import { Icon } from "~/components/admin/icon";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { useSavedOrder } from "~/components/admin/sortable";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

import type { ExpertiseSize } from "~/lib/enums";
import { expertiseFormSchema, expertiseMessages, expertiseSizeLabels } from "~/lib/schemas/expertise";
import { z } from "~/lib/zod";
import { refuseRequest, unknownIntent } from "~/server/admin/form-replies.server";
import {
  deleteRowFromForm,
  rowActionFromForm,
  runAction,
  saveFromForm,
  saveRowFromForm,
} from "~/server/admin/row-actions.server";
import type { MutationContext } from "~/server/audit/mutation.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  createBlock,
  deleteBlock,
  listBlocks,
  moveBlock,
  reorderBlocks,
  updateBlock,
} from "~/server/expertise/blocks.server";
import { trashNotice } from "~/lib/schemas/trash";

export const meta: Route.MetaFunction = () => [{ title: "Pôles d'expertise | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return { q, blocks: await listBlocks(q) };
}

const reorderSchema = z.object({ ids: z.array(z.uuid()).min(1) });

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return saveFromForm(request, formData, expertiseFormSchema, {
        save: (block) => createBlock(who, block),
        done: { title: "Bloc créé" },
        failed: (error) => expertiseMessages.createFailed(errorText(error)),
      });
    case "update":
      return saveRowFromForm(request, formData, expertiseFormSchema, {
        missing: "Bloc introuvable.",
        save: (block, ref) => updateBlock(who, ref.id, block, ref.updatedAt),
        done: { title: "Bloc mis à jour" },
        failed: (error) => expertiseMessages.updateFailed(errorText(error)),
      });
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteBlock(who, ref.id),
        deleted: { title: "Bloc supprimé" },
        gone: expertiseMessages.deleteFailed("bloc introuvable"),
        failed: (error) => expertiseMessages.deleteFailed(errorText(error)),
      });
    case "reorder":
    case "move":
      return saveOrder(request, formData, who);
  }
  unknownIntent();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A drop (`reorder`, every id in its new order) or 'Monter' / 'Descendre' (`move`). */
function saveOrder(request: Request, formData: FormData, who: MutationContext) {
  const options = { done: { title: "Ordre mis à jour" }, failed: expertiseMessages.reorderFailed };
  if (formData.get("intent") === "reorder") {
    const parsed = reorderSchema.safeParse({ ids: formData.getAll("ids") });
    if (!parsed.success) refuseRequest("Ordre illisible");
    return runAction(request, options, () => reorderBlocks(who, parsed.data.ids));
  }
  const direction = formData.get("direction");
  if (direction !== "up" && direction !== "down") refuseRequest("Déplacement illisible");
  return rowActionFromForm(request, formData, {
    ...options,
    act: (ref) => moveBlock(who, ref.id, direction),
  });
}

type Block = Route.ComponentProps["loaderData"]["blocks"][number];

function MoveButtons({ block, index, count }: { block: Block; index: number; count: number }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" className="flex gap-1">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={block.id} />
      <Button
        type="submit"
        name="direction"
        value="up"
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={index === 0 || fetcher.state !== "idle"}
      >
        <Icon name="arrow-up" />
        <span className="sr-only">Monter {block.title}</span>
      </Button>
      <Button
        type="submit"
        name="direction"
        value="down"
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={index === count - 1 || fetcher.state !== "idle"}
      >
        <Icon name="arrow-down" />
        <span className="sr-only">Descendre {block.title}</span>
      </Button>
    </fetcher.Form>
  );
}

function Thumbnail({ block }: { block: Block }) {
  if (!block.imageUrl) return <span className="text-muted-foreground">—</span>;
  return (
    <img
      src={imageUrlForWidth(block.imageUrl, 160)}
      alt=""
      width={64}
      height={40}
      className="h-10 w-16 rounded object-cover"
      loading="lazy"
    />
  );
}

function Featured({ block }: { block: Block }) {
  return block.isFeatured ? (
    <Badge variant="warning">
      <Icon name="star" /> Oui
    </Badge>
  ) : (
    <span className="text-muted-foreground">Non</span>
  );
}

/** The blocks in the order shown: the server's, or the ones just dropped while they are saved. */
function useBlockOrder(blocks: Block[]) {
  const fetcher = useFetcher();
  const { ids, change } = useSavedOrder(blocks.map((block) => block.id));
  function save(next: string[]) {
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of next) body.append("ids", id);
    change(next, () => fetcher.submit(body, { method: "post" }));
  }
  const byId = new Map(blocks.map((block) => [block.id, block]));
  return { ordered: ids.flatMap((id) => byId.get(id) ?? []), save };
}

export default function ExpertiseScreen({ loaderData }: Route.ComponentProps) {
  const { q, blocks } = loaderData;
  const [searchParams] = useSearchParams();
  const { ordered, save } = useBlockOrder(blocks);
  // A filtered list is not the whole order: reordering waits for the search to be cleared.
  const sortable = !searchParams.get("q");
  const position = new Map(ordered.map((block, index) => [block.id, index]));
  const columns: Column<Block>[] = [
    {
      id: "order",
      header: "Ordre",
      className: "w-px whitespace-nowrap",
      cell: (block) => {
        const index = position.get(block.id)!;
        return (
          <div className="flex items-center gap-1">
            <span className="w-6 text-center tabular-nums">{index + 1}</span>
            {sortable ? <MoveButtons block={block} index={index} count={ordered.length} /> : null}
          </div>
        );
      },
    },
    { id: "icon", header: "Icône", cell: (block) => <BlockIcon block={block} /> },
    { id: "title", header: "Titre", card: "title", className: "font-medium", cell: (block) => block.title },
    {
      id: "description",
      header: "Description",
      className: "max-w-[280px]",
      cell: (block) => <span className="line-clamp-2 text-muted-foreground">{block.description}</span>,
    },
    { id: "image", header: "Image", cell: (block) => <Thumbnail block={block} /> },
    {
      id: "size",
      header: "Taille",
      cell: (block) => expertiseSizeLabels[block.size as ExpertiseSize] ?? block.size,
    },
    { id: "featured", header: "À la une", cell: (block) => <Featured block={block} /> },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (block) => (
        <RowActions
          name={block.title}
          edit={(trigger) => <BlockDialog block={block} trigger={trigger} />}
          remove={{
            id: block.id,
            description: `Êtes-vous sûr de vouloir supprimer le bloc « ${block.title} » ? Il disparaîtra de la page d'accueil. ${trashNotice.expertise_blocks}`,
          }}
        />
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Gestion des Pôles d'Expertise"
        description="Les domaines présentés sur la page d'accueil. Faites glisser les blocs pour changer leur ordre."
        actions={<BlockDialog />}
      />
      <ListFilters>
        <SearchField label="Rechercher un bloc" placeholder="Titre ou description" defaultValue={q} />
      </ListFilters>
      {!sortable && ordered.length > 0 ? (
        <p className="text-sm text-muted-foreground">Effacez la recherche pour changer l'ordre des blocs.</p>
      ) : null}
      <DataTable
        caption="Pôles d'expertise"
        rows={ordered}
        rowKey={(block) => block.id}
        columns={columns}
        reorder={{ label: (block) => block.title, onReorder: save, disabled: !sortable }}
        empty={<EmptyState title="Aucun pôle d'expertise pour l'instant." action={<BlockDialog />} />}
        noMatch="Aucun bloc ne correspond à cette recherche."
        filtered={Boolean(q)}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message={`Erreur de chargement : ${expertiseMessages.loadFailed}`}
      retryTo="/admin/expertise"
    />
  );
}
