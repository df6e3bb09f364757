import { Link, useLocation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ExportLink } from "~/components/admin/export-link";
import { DataTable, PagerLinks, type Column } from "~/components/admin/data-table";
import { FilterDate, FilterSelect, ListFilters, SearchField } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import {
  actionLabel,
  auditActionLabels,
  auditEntityLabels,
  entityLabel,
  journalListSpec,
  parsePosition,
  SYSTEM_ACTOR_LABEL,
} from "~/lib/admin/audit-journal";
import { formatDateTime } from "~/lib/format-date";
import { listSearch, parseListQuery } from "~/lib/list-query";
import { listJournal, listJournalPeople } from "~/server/audit/journal.server";
import { requireRole } from "~/server/auth/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Journal d'activité | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const url = new URL(request.url);
  const query = parseListQuery(url, journalListSpec);
  const [page, people] = await Promise.all([
    listJournal(query, parsePosition(url.searchParams)),
    listJournalPeople(),
  ]);
  return { query, page, people };
}

type Entry = Route.ComponentProps["loaderData"]["page"]["entries"][number];

const byLabel = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "fr"));
const actionOptions = byLabel(auditActionLabels);
const typeOptions = byLabel(auditEntityLabels);

const columns: Column<Entry>[] = [
  {
    id: "date",
    header: "Date",
    card: "title",
    className: "whitespace-nowrap",
    cell: (entry) => (
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
    ),
  },
  {
    id: "who",
    header: "Personne",
    className: "max-w-[220px]",
    cell: (entry) =>
      entry.who ? (
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{entry.who}</span>
          {entry.email && entry.email !== entry.who ? (
            <span className="truncate text-xs text-muted-foreground">{entry.email}</span>
          ) : null}
        </span>
      ) : (
        <span className="text-muted-foreground">{SYSTEM_ACTOR_LABEL}</span>
      ),
  },
  { id: "action", header: "Action", cell: (entry) => actionLabel(entry.action) },
  {
    id: "item",
    header: "Élément",
    className: "max-w-[320px]",
    cell: (entry) => (
      <span className="flex min-w-0 flex-col items-start gap-1">
        <Badge variant="secondary">{entityLabel(entry.entityType)}</Badge>
        {entry.href ? (
          <Link to={entry.href} className="max-w-full truncate underline underline-offset-4">
            {entry.item ?? "Ouvrir"}
          </Link>
        ) : entry.item ? (
          <span className="max-w-full truncate">{entry.item}</span>
        ) : null}
        {entry.changedFields && entry.changedFields.length > 0 ? (
          <span className="max-w-full truncate text-xs text-muted-foreground">
            {entry.changedFields.join(", ")}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: "address",
    header: "Adresse IP",
    className: "whitespace-nowrap",
    cell: (entry) =>
      entry.ipAddress ? (
        <span className="font-mono text-xs">{entry.ipAddress}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
];

/** 'Plus récentes' / 'Plus anciennes': links carrying a cursor, the filters kept. */
function JournalPager({ newer, older }: { newer: string | null; older: string | null }) {
  const location = useLocation();
  const at = (changes: Record<string, string | null>) => listSearch(location.search, changes) || "?";
  if (!newer && !older) return null;
  return (
    <nav aria-label="Pagination" className="text-sm">
      <PagerLinks
        previous={newer ? at({ newer, older: null }) : null}
        next={older ? at({ older, newer: null }) : null}
        previousLabel="Plus récentes"
        nextLabel="Plus anciennes"
        className="flex justify-between gap-2"
      />
    </nav>
  );
}

export default function JournalScreen({ loaderData }: Route.ComponentProps) {
  const { query, page, people } = loaderData;
  const filters = query.filters;
  const filtered = Boolean(query.q || Object.values(filters).some(Boolean));
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Journal d'activité"
        description="Chaque modification, connexion et tâche automatique, des plus récentes aux plus anciennes."
        actions={
          <ExportLink
            to="/admin/journal/export"
            drop={["older", "newer"]}
            filtered={filtered && "le journal filtré"}
          />
        }
      />
      {/* Six filters: two rows on a desktop, the search and the person wide; the days side by side. */}
      <ListFilters className="grid grid-cols-2 lg:grid-cols-4">
        <SearchField
          label="Rechercher"
          placeholder="Titre de l'élément"
          defaultValue={query.q}
          className="col-span-2 sm:max-w-none"
        />
        <FilterSelect
          name="person"
          label="Personne"
          allLabel="Toutes les personnes"
          options={people}
          value={filters.person}
          className="col-span-2 sm:w-auto"
        />
        <FilterSelect
          name="action"
          label="Action"
          allLabel="Toutes les actions"
          options={actionOptions}
          value={filters.action}
          className="col-span-2 sm:col-span-1 sm:w-auto"
        />
        <FilterSelect
          name="type"
          label="Type d'élément"
          allLabel="Tous les types"
          options={typeOptions}
          value={filters.type}
          className="col-span-2 sm:col-span-1 sm:w-auto"
        />
        <FilterDate name="from" label="Du" value={filters.from} className="sm:w-auto" />
        <FilterDate name="to" label="Au" value={filters.to} className="sm:w-auto" />
      </ListFilters>
      <DataTable
        caption="Journal d'activité"
        rows={page.entries}
        rowKey={(entry) => entry.id}
        columns={columns}
        empty="Aucune activité enregistrée."
        noMatch="Aucune activité ne correspond à ces filtres."
        filtered={filtered}
      />
      <JournalPager newer={page.newer} older={page.older} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger le journal d'activité"
      retryTo="/admin/journal"
    />
  );
}
