import { EyeOff, Signpost } from "lucide-react";
import type { Route } from "./+types/not-found";
import { AddressTable, addressColumns } from "~/components/admin/address-list";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { KeysetPagination, RowActions, type Column } from "~/components/admin/data-table";
import { ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { RedirectDialog } from "~/components/admin/redirect-dialog";
import { Button } from "~/components/ui/button";
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
    addressColumns.address("path", "Adresse", (p) => p.path),
    addressColumns.visits("hits", "Visites", (p) => p.hits),
    addressColumns.visits("botHits", "Robots", (p) => p.botHits),
    addressColumns.lastVisit("lastSeen", (p) => p.lastSeenAt),
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
      <AddressTable
        caption="Pages introuvables"
        rows={paths.items}
        columns={columns(siteUrl)}
        query={query}
        nothing="Aucune page introuvable enregistrée."
        noMatch="Aucune adresse trouvée pour cette recherche."
        pager={<KeysetPagination page={paths} counted="adresse" />}
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
