import type { Route } from "./+types/redirects";
import { AddressTable, addressColumns } from "~/components/admin/address-list";
import { AdminError } from "~/components/admin/admin-error";
import { Pagination, RowActions, type Column } from "~/components/admin/data-table";
import { FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { RedirectDialog } from "~/components/admin/redirect-dialog";
import { Badge } from "~/components/ui/badge";
import { parseListQuery } from "~/lib/list-query";
import {
  redirectListSpec,
  redirectOriginLabels,
  redirectOrigins,
  type RedirectOrigin,
} from "~/lib/schemas/redirect";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { deleteRowFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { createRedirectFromForm, updateRedirectFromForm } from "~/server/seo/redirect-intents.server";
import { deleteRedirect, listRedirects, type RedirectRow } from "~/server/seo/redirects.server";

export const meta: Route.MetaFunction = () => [{ title: "Redirections | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const query = parseListQuery(request, redirectListSpec);
  return { query, redirects: await listRedirects(query), siteUrl: config.publicUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return createRedirectFromForm(request, formData, who);
    case "update":
      return updateRedirectFromForm(request, formData, who);
    case "delete": {
      const origin = redirectOrigins.find((value) => value === formData.get("origin"));
      if (!origin) break;
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteRedirect(who, origin, ref.id),
        deleted: { title: "Redirection supprimée" },
        failed: "Impossible de supprimer la redirection",
        gone: "Cette redirection n'existe plus.",
      });
    }
  }
  unknownIntent();
}

const originDescriptions: Record<RedirectOrigin, string> = {
  manual: "ajoutée ici",
  slug: "laissée par un changement de slug",
  import: "ancienne adresse WordPress importée",
};

function columns(siteUrl: string): Column<RedirectRow>[] {
  return [
    addressColumns.address("source", "Adresse d'origine", (r) => r.source),
    {
      id: "target",
      header: "Destination",
      className: "max-w-[280px] break-all",
      cell: (r) =>
        r.target ? (
          <code className="text-sm">{r.target}</code>
        ) : (
          <span className="italic text-muted-foreground">Contenu supprimé</span>
        ),
    },
    {
      id: "origin",
      header: "Origine",
      cell: (r) => (
        <Badge variant={r.origin === "manual" ? "default" : "secondary"} title={originDescriptions[r.origin]}>
          {redirectOriginLabels[r.origin]}
        </Badge>
      ),
    },
    addressColumns.visits("hits", "Visites", (r) => r.hits),
    addressColumns.lastVisit("lastHit", (r) => r.lastHitAt, "Jamais"),
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (r) => (
        <RowActions
          name={`la redirection ${r.source}`}
          edit={
            r.origin === "manual"
              ? (trigger) => <RedirectDialog siteUrl={siteUrl} redirect={r} trigger={trigger} />
              : undefined
          }
          remove={{
            id: r.id,
            fields: { origin: r.origin },
            description: `Êtes-vous sûr de vouloir supprimer la redirection de « ${r.source} » ? Cette adresse répondra de nouveau « page introuvable ».`,
          }}
        />
      ),
    },
  ];
}

export default function RedirectsScreen({ loaderData }: Route.ComponentProps) {
  const { query, redirects, siteUrl } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Redirections"
        description="Toutes les redirections permanentes (301) du site : ajoutées ici (« manuelle »), laissées par un changement de slug (« automatique ») ou reprises de l'ancien site WordPress (« import »)."
        actions={<RedirectDialog siteUrl={siteUrl} />}
      />
      <ListFilters>
        <SearchField
          label="Rechercher une redirection"
          placeholder="Adresse d'origine ou destination"
          defaultValue={query.q}
        />
        <FilterSelect
          name="origin"
          label="Origine"
          allLabel="Toutes les origines"
          options={redirectOrigins.map((value) => ({ value, label: redirectOriginLabels[value] }))}
          value={query.filters.origin}
        />
      </ListFilters>
      <AddressTable
        caption="Redirections"
        rows={redirects.items}
        columns={columns(siteUrl)}
        query={query}
        nothing="Aucune redirection. Cliquez sur « Ajouter une redirection » pour en créer une."
        noMatch="Aucune redirection trouvée pour cette recherche."
        pager={<Pagination page={redirects} counted="redirection" />}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger les redirections"
      retryTo="/admin/seo/redirects"
    />
  );
}
