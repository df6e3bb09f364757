import { EyeOff, Signpost } from "lucide-react";
import type { Route } from "./+types/not-found";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import {
  DataTable,
  EmptyState,
  KeysetPagination,
  RowActions,
  type Column,
} from "~/components/admin/data-table";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { RedirectDialog } from "~/components/admin/redirect-dialog";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { parseKeysetPosition, parseListQuery } from "~/lib/list-query";
import { notFoundListSpec } from "~/lib/schemas/redirect";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { rowActionFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { ignoreNotFound, listNotFound, NOT_FOUND_CAP } from "~/server/seo/not-found-log.server";
import { createRedirectFromForm } from "~/server/seo/redirect-intents.server";

export const meta: Route.MetaFunction = () => [{ title: "Pages introuvables | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const url = new URL(request.url);
  const query = parseListQuery(url, notFoundListSpec);
  const paths = await listNotFound(query, parseKeysetPosition(url.searchParams));
  return { query, paths, siteUrl: config.publicUrl, cap: NOT_FOUND_CAP };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return createRedirectFromForm(request, formData, who);
    case "ignore":
      return rowActionFromForm(request, formData, {
        act: (ref) => ignoreNotFound(who, ref.id),
        done: { title: "Adresse ignorée" },
        failed: "Impossible d'ignorer cette adresse",
        gone: "Cette adresse n'est plus dans la liste.",
      });
  }
  unknownIntent();
}

type NotFoundRow = Route.ComponentProps["loaderData"]["paths"]["items"][number];

function columns(siteUrl: string): Column<NotFoundRow>[] {
  return [
    {
      id: "path",
      header: "Adresse",
      sortable: true,
      card: "title",
      className: "max-w-[320px] break-all",
      cell: (p) => <code className="text-sm">{p.path}</code>,
    },
    { id: "hits", header: "Visites", sortable: true, firstDir: "desc", cell: (p) => p.hits },
    { id: "botHits", header: "Robots", sortable: true, firstDir: "desc", cell: (p) => p.botHits },
    {
      id: "lastSeen",
      header: "Dernière visite",
      sortable: true,
      firstDir: "desc",
      cell: (p) => formatDateTime(p.lastSeenAt),
    },
    {
      id: "referrer",
      header: "Dernière provenance",
      className: "max-w-[240px] break-all",
      // Shown as text, never as a link: anyone can send any Referer.
      cell: (p) =>
        p.lastReferrer ? (
          <span className="text-sm">{p.lastReferrer}</span>
        ) : (
          <span className="italic text-muted-foreground">Inconnue</span>
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (p) => (
        <RowActions name={p.path}>
          <RedirectDialog
            siteUrl={siteUrl}
            source={p.path}
            trigger={
              <Button variant="ghost" size="sm">
                <Signpost aria-hidden />
                Créer une redirection<span className="sr-only"> pour {p.path}</span>
              </Button>
            }
          />
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm">
                <EyeOff aria-hidden />
                Ignorer<span className="sr-only"> {p.path}</span>
              </Button>
            }
            title="Ignorer cette adresse ?"
            description={`« ${p.path} » ne sera plus affichée ni comptée.`}
            intent="ignore"
            fields={{ id: p.id }}
            confirmLabel="Ignorer"
            pendingLabel="Enregistrement..."
            destructive={false}
          />
        </RowActions>
      ),
    },
  ];
}

export default function NotFoundScreen({ loaderData }: Route.ComponentProps) {
  const { query, paths, siteUrl, cap } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Pages introuvables"
        description={`Les adresses du site qui ont répondu « page introuvable » (404), visites des personnes et des robots comptées à part. Les ${cap.toLocaleString("fr-FR")} adresses les plus récentes ou les plus visitées sont gardées.`}
      />
      <ListFilters>
        <SearchField
          label="Rechercher une adresse"
          placeholder="Adresse ou provenance"
          defaultValue={query.q}
        />
      </ListFilters>
      <DataTable
        caption="Pages introuvables"
        rows={paths.items}
        rowKey={(p) => p.id}
        columns={columns(siteUrl)}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={
          <EmptyState
            title={
              query.q
                ? "Aucune adresse trouvée pour cette recherche."
                : "Aucune page introuvable enregistrée."
            }
          />
        }
      />
      <KeysetPagination
        page={paths}
        totalLabel={(n) => `${n.toLocaleString("fr-FR")} adresse${n > 1 ? "s" : ""}`}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger les pages introuvables"
      retryTo="/admin/seo/not-found"
    />
  );
}
