import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { DatabaseBackup, Download, Loader2 } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { DataTable, type Column } from "~/components/admin/data-table";
import { FormErrors, TextField, ToggleField } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { usePollWhile } from "~/components/admin/use-poll-while";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formTiming } from "~/lib/admin/form-timing";
import type { BackupStatus } from "~/lib/enums";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { backupSettingsSchema, type BackupSettingsInput } from "~/lib/schemas/backups";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { saveFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  getBackupSettings,
  listBackupRuns,
  saveBackupSettings,
  startBackupRun,
  type BackupRun,
} from "~/server/backup/schedule.server";
import { redirectWithToast } from "~/server/toast.server";
import { PendingButton } from "~/components/admin/pending-button";

export const meta: Route.MetaFunction = () => [{ title: "Sauvegardes | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const [runs, settings] = await Promise.all([listBackupRuns(), getBackupSettings()]);
  return {
    runs,
    settings: {
      isEnabled: settings.isEnabled,
      hour: settings.hour,
      keepDaily: settings.keepDaily,
      keepWeekly: settings.keepWeekly,
      updatedAt: settings.updatedAt.toISOString(),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create": {
      // Runs on in this process; the screen follows its row.
      await startBackupRun("manual");
      return redirectWithToast("/admin/backups", { title: "Sauvegarde lancée" });
    }
    case "save-settings":
      return saveFromForm(request, formData, backupSettingsSchema, {
        save: (settings) => saveBackupSettings(who, settings),
        to: "/admin/backups",
        done: { title: "Planification enregistrée" },
        failed: "Impossible d'enregistrer la planification",
      });
  }
  unknownIntent();
}

const statusLabels: Record<BackupStatus, { label: string; variant: "info" | "success" | "destructive" }> = {
  running: { label: "En cours", variant: "info" },
  succeeded: { label: "Réussie", variant: "success" },
  failed: { label: "Échouée", variant: "destructive" },
};

function formatSize(bytes: number | null) {
  if (bytes === null) return "—";
  if (bytes < 1024 * 1024)
    return `${(bytes / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 0 })} Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}

function RunState({ run }: { run: BackupRun }) {
  const { label, variant } = statusLabels[run.status];
  if (run.status !== "running") return <Badge variant={variant}>{label}</Badge>;
  return (
    <div className="flex min-w-32 items-center gap-2">
      <Badge variant={variant}>{label}</Badge>
      <progress
        className="h-2 w-full accent-primary"
        max={100}
        value={run.progress}
        aria-label={`Progression de la sauvegarde du ${formatDateTime(run.startedAt)}`}
      />
      <span className="text-xs tabular-nums text-muted-foreground">{run.progress} %</span>
    </div>
  );
}

const columns: Column<BackupRun>[] = [
  { id: "date", header: "Date", card: "title", cell: (run) => formatDateTime(run.startedAt) },
  { id: "size", header: "Taille", cell: (run) => formatSize(run.sizeBytes) },
  { id: "state", header: "État", cell: (run) => <RunState run={run} /> },
  {
    id: "origin",
    header: "Origine",
    cell: (run) => (run.trigger === "scheduled" ? "Planifiée" : "Manuelle"),
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    className: "w-px whitespace-nowrap",
    cell: (run) =>
      run.status === "succeeded" ? (
        <Button asChild variant="ghost" size="sm">
          <a href={`/admin/backups/download/${run.id}`} download>
            <Download aria-hidden />
            Télécharger<span className="sr-only"> la sauvegarde du {formatDateTime(run.startedAt)}</span>
          </a>
        </Button>
      ) : null,
  },
];

export default function BackupsScreen({ loaderData }: Route.ComponentProps) {
  const { runs, settings } = loaderData;
  const navigation = useNavigation();
  const starting = navigation.formData?.get("intent") === "create";
  const running = runs.some((run) => run.status === "running");
  const last = runs.find((run) => run.status !== "running");

  usePollWhile(running);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Sauvegardes"
        description="Une archive de toutes les données et de tous les médias du site, chaque jour et à la demande."
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Button type="submit" disabled={starting || running}>
              {starting || running ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <DatabaseBackup aria-hidden />
              )}
              Créer une sauvegarde maintenant
            </Button>
          </Form>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>Dernier résultat</CardTitle>
          <CardDescription>
            La clé qui déchiffre les secrets enregistrés (e-mail, reCAPTCHA) n'est jamais dans l'archive :
            conservez-la à part, avec les sauvegardes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {last ? (
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="last-result">
              <RunState run={last} />
              <span>
                {formatDateTime(last.finishedAt ?? last.startedAt)}
                {last.status === "succeeded" ? ` · ${formatSize(last.sizeBytes)}` : null}
              </span>
              {last.error ? <span className="text-red-300">{last.error}</span> : null}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Aucune sauvegarde terminée pour l'instant.</p>
          )}
        </CardContent>
      </Card>

      <DataTable
        caption="Sauvegardes"
        rows={runs}
        rowKey={(run) => run.id}
        columns={columns}
        empty="Aucune sauvegarde"
      />

      <ScheduleCard settings={settings} />
    </div>
  );
}

function ScheduleCard({ settings }: { settings: Route.ComponentProps["loaderData"]["settings"] }) {
  const answer = useActionData<FormAnswer>();
  useAnswerToast(answer);
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "save-settings";
  const [form, fields] = useForm<BackupSettingsInput>({
    id: `backup-settings-${settings.updatedAt}`,
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    defaultValue: {
      isEnabled: settings.isEnabled ? "on" : undefined,
      hour: String(settings.hour),
      keepDaily: String(settings.keepDaily),
      keepWeekly: String(settings.keepWeekly),
    } as never,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: backupSettingsSchema }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Planification et conservation</CardTitle>
        <CardDescription>
          Heure de Paris. Les sauvegardes au-delà de la conservation sont supprimées après chaque sauvegarde
          réussie.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="save-settings" />
          <input type="hidden" name="updatedAt" value={settings.updatedAt} />
          <ToggleField variant="switch" meta={fields.isEnabled} label="Sauvegarde quotidienne activée" />
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              meta={fields.hour}
              label="Heure de la sauvegarde (0 à 23)"
              type="number"
              min={0}
              max={23}
            />
            <TextField
              meta={fields.keepDaily}
              label="Sauvegardes quotidiennes gardées"
              type="number"
              min={1}
              max={60}
            />
            <TextField
              meta={fields.keepWeekly}
              label="Sauvegardes hebdomadaires gardées"
              type="number"
              min={0}
              max={52}
            />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex justify-end">
            <PendingButton pending={saving}>Enregistrer</PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} message="Impossible de charger les sauvegardes" retryTo="/admin/backups" />
  );
}
