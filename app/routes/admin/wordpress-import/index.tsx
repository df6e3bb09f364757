import { MaxFilesExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { FileUp, Loader2 } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { PageHeader } from "~/components/admin/page-header";
import { usePollWhile } from "~/components/admin/use-poll-while";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ProblemAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import {
  importKindLabels,
  importKinds,
  importOutcomeLabels,
  importOutcomes,
} from "~/lib/admin/wordpress-import";
import { replyProblem, unknownIntent } from "~/server/admin/form-replies.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  discardUpload,
  ImportRunningError,
  keepUpload,
  latestImportRun,
  newUploadDirectory,
  startImportRun,
  type ImportRun,
} from "~/server/wordpress/runs.server";

export const meta: Route.MetaFunction = () => [{ title: "Importer depuis WordPress | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  return { run: await latestImportRun() };
}

const SCREEN = "/admin/wordpress-import";

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  // The export and the uploads' zip go to disk as they arrive (exports reach hundreds of MB).
  const directory = newUploadDirectory();
  const files: { export?: { path: string; name: string }; uploads?: string } = {};
  const keep = async (file: FileUpload) => {
    // An empty file input still sends a nameless, empty part.
    if (file.size === 0 && !file.name) return;
    if (file.fieldName === "export")
      files.export = { path: await keepUpload(directory, "export.xml", file), name: file.name };
    if (file.fieldName === "uploads") files.uploads = await keepUpload(directory, "uploads.zip", file);
  };
  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxFiles: 2, maxFileSize: 2 * 1024 ** 3 }, keep);
  } catch (error) {
    await discardUpload(directory);
    if (error instanceof MaxFilesExceededError)
      return replyProblem("Envoyez un fichier d'export et, au plus, une archive des médias.", 400);
    return replyProblem("Les fichiers n'ont pas pu être lus. Veuillez réessayer.", 400);
  }
  switch (formData.get("intent")) {
    case "start": {
      if (!files.export) {
        await discardUpload(directory);
        return replyProblem("Choisissez le fichier d'export WordPress (.xml).", 400);
      }
      try {
        // Runs on in this process; the screen follows its row.
        await startImportRun(who, {
          directory,
          file: files.export.path,
          uploads: files.uploads,
          fileName: files.export.name,
          dryRun: formData.get("dryRun") === "on",
        });
      } catch (error) {
        if (error instanceof ImportRunningError)
          return replyProblem("Un import est déjà en cours : attendez qu'il se termine.", 409);
        throw error;
      }
      return redirectWithToast(SCREEN, { title: "Import lancé" });
    }
  }
  await discardUpload(directory);
  unknownIntent();
}

function RunProgress({ run }: { run: ImportRun }) {
  return (
    <div className="flex flex-col gap-2" data-testid="import-progress">
      <div className="flex items-center gap-2 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        <span>
          Import de {run.fileName} en cours… {run.progress} %
        </span>
      </div>
      <progress
        className="h-2 w-full accent-primary"
        max={100}
        value={run.progress}
        aria-label={`Progression de l'import de ${run.fileName}`}
      />
    </div>
  );
}

function RunReport({ run }: { run: ImportRun }) {
  if (run.status === "failed")
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="destructive">Échoué</Badge>
        <span>{run.error}</span>
      </p>
    );
  const report = run.report!;
  return (
    <div className="flex flex-col gap-4" data-testid="import-report">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success">{report.dryRun ? "Simulation terminée" : "Terminé"}</Badge>
        <span>
          {run.fileName} · {formatDateTime(run.finishedAt ?? run.startedAt)}
        </span>
      </p>
      {report.dryRun ? (
        <p className="text-sm text-muted-foreground">
          Simulation : rien n'a été enregistré. Voici ce que l'import ferait.
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">Résultat de l'import par type</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">
                Type
              </th>
              {importOutcomes.map((outcome) => (
                <th key={outcome} scope="col" className="px-1 py-2 text-right font-medium sm:px-2">
                  {importOutcomeLabels[outcome]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {importKinds.map((kind) => (
              <tr key={kind} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-2 text-left font-normal sm:pr-4">
                  {importKindLabels[kind]}
                </th>
                {importOutcomes.map((outcome) => (
                  <td key={outcome} className="px-1 py-2 text-right tabular-nums sm:px-2">
                    {report.counts[kind][outcome]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">
        Anciennes adresses redirigées (301) vers les nouvelles : <strong>{report.redirects}</strong>
      </p>
      {report.warnings.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-medium">Avertissements ({report.warnings.length})</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {report.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export default function WordPressImportScreen({ loaderData }: Route.ComponentProps) {
  const { run } = loaderData;
  useAnswerToast(useActionData<ProblemAnswer>());
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "start";
  const running = run?.status === "running";

  usePollWhile(running);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="Importer depuis WordPress"
        description="Articles, pages, médias, catégories et auteurs d'un site WordPress ; ses anciennes adresses redirigent vers les nouvelles."
      />

      <Card>
        <CardHeader>
          <CardTitle>Fichiers à importer</CardTitle>
          <CardDescription>
            Le fichier d'export vient de WordPress, « Outils &gt; Exporter &gt; Tout le contenu ». Importer à
            nouveau le même fichier met à jour ce qu'il a créé, sans doublon.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5">
            <input type="hidden" name="intent" value="start" />
            <div className="flex flex-col gap-2">
              <Label htmlFor="wordpress-export">Fichier d'export WordPress (.xml)</Label>
              <Input id="wordpress-export" name="export" type="file" accept=".xml,text/xml" required />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="wordpress-uploads">Archive des médias (facultatif)</Label>
              <Input
                id="wordpress-uploads"
                name="uploads"
                type="file"
                accept=".zip,application/zip"
                aria-describedby="wordpress-uploads-help"
              />
              <p id="wordpress-uploads-help" className="text-sm text-muted-foreground">
                Un zip du dossier wp-content/uploads. Sans lui, les images sont téléchargées depuis l'ancien
                site s'il répond encore.
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="wordpress-dry-run" name="dryRun" />
              <Label htmlFor="wordpress-dry-run">
                Simulation : montrer ce qui serait importé sans rien enregistrer
              </Label>
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={sending || running}>
                {sending || running ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <FileUp aria-hidden />
                )}
                {sending ? "Envoi des fichiers..." : "Lancer l'import"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Dernier import</CardTitle>
        </CardHeader>
        <CardContent>
          {!run ? (
            <p className="text-sm text-muted-foreground">Aucun import pour l'instant.</p>
          ) : running ? (
            <RunProgress run={run} />
          ) : (
            <RunReport run={run} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger l'import WordPress" retryTo={SCREEN} />;
}
