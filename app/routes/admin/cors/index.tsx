import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { DomainDetails, DomainDialog, TypeBadge, Directives } from "~/components/admin/cors/domain-dialogs";
import { DataTable, EmptyState, RowActions, type Column } from "~/components/admin/data-table";
import { Icon } from "~/components/admin/icon";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatDateTime } from "~/lib/format-date";
import { corsDomainSchema, type CorsDomainInput } from "~/lib/schemas/cors";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { deleteRowFromForm, saveFromForm, saveRowFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { uniqueViolation } from "~/server/db/errors.server";
import {
  createCorsDomain,
  deleteCorsDomain,
  EssentialDomainError,
  listCorsDomains,
  publicContentSecurityPolicy,
  regenerateCspHeader,
  storedCspHeader,
  updateCorsDomain,
} from "~/server/security/cors-admin.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "CORS & CSP | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const [domains, header, stored] = await Promise.all([
    listCorsDomains(),
    publicContentSecurityPolicy(),
    storedCspHeader(),
  ]);
  const tab = new URL(request.url).searchParams.get("tab") === "csp" ? "csp" : "domains";
  return { domains, header, stored, tab };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  const applied = (domain: CorsDomainInput) => `${domain.domain} : appliqué aux prochaines pages servies.`;
  switch (formData.get("intent")) {
    case "create":
      return saveFromForm(request, formData, corsDomainSchema, {
        save: (domain) => createCorsDomain(who, domain),
        refuse: domainRefusal,
        done: (domain) => ({ title: "Domaine ajouté", description: applied(domain) }),
        failed: "Impossible d'ajouter le domaine",
      });
    case "update":
      return saveRowFromForm(request, formData, corsDomainSchema, {
        missing: "Domaine introuvable.",
        save: (domain, ref) => updateCorsDomain(who, ref.id, domain, ref.updatedAt),
        refuse: domainRefusal,
        done: (domain) => ({ title: "Domaine modifié", description: applied(domain) }),
        failed: "Impossible de modifier le domaine",
      });
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteCorsDomain(who, ref.id),
        deleted: { title: "Domaine supprimé" },
        failed: "Impossible de supprimer le domaine",
        refuse: (error) =>
          error instanceof EssentialDomainError
            ? { title: "Impossible de supprimer", description: error.message }
            : undefined,
      });
    case "regenerate":
      await regenerateCspHeader(who);
      return redirectWithToast("/admin/cors?tab=csp", {
        title: "En-tête CSP régénéré",
        description: "L'en-tête en vigueur est enregistré.",
      });
  }
  unknownIntent();
}

/** A domain already listed, or a change that would cut off the site's own origins. */
function domainRefusal(error: unknown) {
  if (uniqueViolation(error) === "cors_domains_domain_unique")
    return { fieldErrors: { domain: ["Ce domaine est déjà dans la liste"] } };
  if (error instanceof EssentialDomainError) return { formErrors: [error.message] };
}

type DomainRow = Route.ComponentProps["loaderData"]["domains"][number];

const columns: Column<DomainRow>[] = [
  {
    id: "domain",
    header: "Domaine",
    card: "title",
    cell: (d) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="break-all font-mono text-sm">{d.domain}</span>
        {d.isEssential ? (
          <Badge variant="warning">
            <Icon name="lock" />
            Essentiel
          </Badge>
        ) : null}
      </span>
    ),
  },
  {
    id: "type",
    header: "Type",
    cell: (d) => (
      <span className="flex flex-col items-start gap-1">
        <TypeBadge type={d.type} />
        {d.type === "cors" ? null : <Directives directives={d.cspDirectives} />}
      </span>
    ),
  },
  {
    id: "description",
    header: "Description",
    className: "max-w-[320px]",
    cell: (d) => d.description || <span className="text-muted-foreground">—</span>,
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (d) =>
      d.isEssential ? (
        <DomainDetails domain={d} />
      ) : (
        <RowActions
          name={d.domain}
          edit={(trigger) => <DomainDialog domain={d} trigger={trigger} />}
          remove={{
            id: d.id,
            description: `Êtes-vous sûr de vouloir supprimer le domaine « ${d.domain} » ? Les pages publiques ne l'autoriseront plus.`,
          }}
        />
      ),
  },
];

export default function CorsScreen({ loaderData }: Route.ComponentProps) {
  const { domains, header, stored } = loaderData;
  const [tab, setTab] = useState(loaderData.tab);
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="CORS & CSP"
        description="Les domaines que les pages publiques autorisent (Content-Security-Policy) et les sites qui peuvent les lire (CORS). Chaque modification s'applique aux pages suivantes, sur chaque serveur."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={location.pathname + location.search} replace preventScrollReset>
                <Icon name="refresh-cw" />
                Actualiser
              </Link>
            </Button>
            <DomainDialog />
          </>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value === "csp" ? "csp" : "domains")}>
        <TabsList aria-label="CORS et CSP">
          <TabsTrigger value="domains">Domaines</TabsTrigger>
          <TabsTrigger value="csp">En-tête CSP</TabsTrigger>
        </TabsList>
        <TabsContent value="domains">
          <DataTable
            caption="Domaines autorisés"
            rows={domains}
            rowKey={(d) => d.id}
            columns={columns}
            empty={<EmptyState title="Aucun domaine configuré." action={<DomainDialog />} />}
          />
        </TabsContent>
        <TabsContent value="csp">
          <CspHeader header={header} stored={stored} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function CspHeader({
  header,
  stored,
}: {
  header: string;
  stored: Route.ComponentProps["loaderData"]["stored"];
}) {
  const navigation = useNavigation();
  const regenerating = navigation.formData?.get("intent") === "regenerate";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(header);
      toast.success("En-tête CSP copié");
    } catch {
      toast.error("Erreur", { description: "Impossible de copier l'en-tête CSP." });
    }
  };
  return (
    <div className="flex flex-col gap-4 rounded-lg border bg-card p-4">
      <p className="text-sm text-muted-foreground">
        L'en-tête Content-Security-Policy que les pages publiques envoient, construit à partir des domaines de
        type CSP ou CORS et CSP. <code>{"{nonce}"}</code> est remplacé à chaque réponse (par les empreintes
        des scripts pour une page servie depuis le cache).
      </p>
      <div className="flex flex-wrap gap-2">
        <AdminDialog
          trigger={
            <Button variant="outline">
              <Icon name="eye" />
              Voir CSP actuel
            </Button>
          }
          className="sm:max-w-3xl"
          title="En-tête CSP actuel"
          description="Une directive par ligne."
        >
          <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs">
            {header.split("; ").join(";\n")}
          </pre>
        </AdminDialog>
        <Button variant="outline" onClick={() => void copy()}>
          <Icon name="copy" />
          Copier
        </Button>
        <Form method="post" action="/admin/cors?tab=csp">
          <input type="hidden" name="intent" value="regenerate" />
          <Button type="submit" disabled={regenerating}>
            <Icon name="refresh-cw" className={regenerating ? "animate-spin" : ""} />
            Régénérer l'en-tête CSP
          </Button>
        </Form>
      </div>
      <pre
        aria-label="En-tête CSP en vigueur"
        className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs"
      >
        {header}
      </pre>
      <p className="text-xs text-muted-foreground">
        {stored
          ? `Dernière régénération enregistrée : ${formatDateTime(stored.updatedAt)}${stored.cspHeader === header ? " (identique à l'en-tête actuel)" : " (différente de l'en-tête actuel)"}.`
          : "Aucune régénération enregistrée."}
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} message="Impossible de charger les paramètres CORS" retryTo="/admin/cors" />
  );
}
