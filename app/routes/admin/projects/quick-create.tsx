import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Camera, ImagePlus, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/quick-create";
import { AdminError } from "~/components/admin/admin-error";
import { BatchUploadList, useBatchUpload } from "~/components/admin/batch-upload";
import { FormErrors, TextField } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { cn } from "~/lib/cn";
import { formatBytes } from "~/lib/admin/media";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { QUICK_CREATE_PREFIX, quickCreateSchema } from "~/lib/schemas/project";
import { replyFailed, replyInvalid, unknownIntent } from "~/server/admin/form-replies.server";
import type { MutationContext } from "~/server/audit/mutation.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { InvalidUploadError } from "~/server/media/images.server";
import { readPhotoForm } from "~/server/media/photo-form.server";
import { quickCreateProject } from "~/server/projects/quick-create.server";
import { redirectWithToast } from "~/server/toast.server";
import { formTiming } from "~/lib/admin/form-timing";

export const meta: Route.MetaFunction = () => [{ title: "Création rapide de projet | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  return null;
}

const DRAFT_FAILED = "Impossible de créer le projet en brouillon.";

const CREATE_INTENT = "create";

export async function action({ request, context }: Route.ActionArgs) {
  // Before the body is read: an anonymous upload is never parsed.
  const { who } = await requireActor(request, context, "user");
  let read: Awaited<ReturnType<typeof readPhotoForm>>;
  try {
    read = await readPhotoForm(request, who);
  } catch (error) {
    if (!(error instanceof InvalidUploadError)) throw error;
    // The form could not be read to the end: nothing of it comes back but why.
    const result: SubmissionResult<string[]> = {
      status: "error",
      error: { "": [`${error.title} : ${error.description}`] },
    };
    return data<FormAnswer>({ result }, { status: error.status });
  }
  if (read.form.get("intent") === CREATE_INTENT) return createDraft(who, read);
  unknownIntent();
}

/** The draft, with the photos stored; the list says whether some could not be. */
async function createDraft(
  who: MutationContext,
  { form, photos }: Awaited<ReturnType<typeof readPhotoForm>>,
) {
  const submission = parseWithZod(form, { schema: quickCreateSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const { failed } = await quickCreateProject(who, { title: submission.value.title, photos });
    return redirectWithToast(
      "/admin/projects",
      failed > 0
        ? {
            type: "info",
            title: "Attention",
            description: "Le projet a été créé mais certaines images n'ont pas pu être téléchargées",
          }
        : { title: "Brouillon créé", description: "Le projet a été enregistré en brouillon avec succès." },
    );
  } catch (error) {
    return replyFailed(submission, error, DRAFT_FAILED);
  }
}

export default function QuickCreateScreen() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const batch = useBatchUpload();
  const [uploading, setUploading] = useState(false);
  const [chosen, setChosen] = useState<File[]>([]);
  const busy = uploading || navigation.state !== "idle";

  const [form, fields] = useForm({
    id: "quick-create",
    lastResult: answer?.result,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickCreateSchema }),
    // With JavaScript the photos go first, one by one with their progress, then the title and
    // their addresses; without it the browser posts everything in one request.
    onSubmit(event, { submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      void (async () => {
        setUploading(true);
        const result = await batch.run(chosen);
        setUploading(false);
        const body = new FormData();
        body.set("intent", CREATE_INTENT);
        body.set("title", submission.value.title);
        for (const { asset } of result.uploaded) body.append("photo", asset.url);
        body.set("failedPhotos", String(result.failed.length + result.skipped));
        await submit(body, { method: "post" });
      })();
    },
  });

  const formError = form.errors?.[0];
  useEffect(() => {
    if (formError) toast.error("Erreur lors de la création", { description: formError });
  }, [answer, formError]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeader
        back={{ to: "/admin/projects", label: "Retour à la liste" }}
        title="Création rapide de projet"
        description="Un titre et les photos du chantier : le projet est enregistré en brouillon, à compléter plus tard."
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-5 rounded-lg border bg-card p-4 sm:p-6"
        aria-busy={busy}
      >
        <input type="hidden" name="intent" value={CREATE_INTENT} />
        <TextField
          meta={fields.title}
          label="Titre du projet"
          placeholder="ex : Tableau, maison à Couzeix"
          description={`Il sera enregistré précédé de « ${QUICK_CREATE_PREFIX} ».`}
          autoComplete="off"
          enterKeyHint="next"
          disabled={busy}
        />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium leading-none" id="quick-create-photos-label">
            Photos (facultatif)
          </span>
          <input
            id="quick-create-photos"
            name="photos"
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            aria-labelledby="quick-create-photos-label"
            aria-describedby="quick-create-photos-hint"
            // Visually replaced by the label below, which opens it (with or without JavaScript).
            className="peer sr-only"
            onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []))}
          />
          <label
            htmlFor="quick-create-photos"
            className={cn(
              buttonVariants({ variant: "outline", size: "lg" }),
              "w-full cursor-pointer justify-center peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
              busy && "pointer-events-none opacity-60",
            )}
          >
            {chosen.length > 0 ? <ImagePlus aria-hidden /> : <Camera aria-hidden />}
            {chosen.length > 0 ? "Changer les photos" : "Prendre ou choisir des photos"}
          </label>
          <p id="quick-create-photos-hint" className="text-sm text-muted-foreground">
            La première photo devient l'image principale, les suivantes la galerie. 20 Mo au plus par photo.
          </p>
          {batch.items.length > 0 ? (
            <BatchUploadList items={batch.items} />
          ) : chosen.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm" aria-label="Photos choisies">
              {chosen.map((file, index) => (
                <li key={`${file.name}-${index}`} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">
                    {index === 0 ? "Image principale : " : `Galerie ${index} : `}
                    {file.name}
                  </span>
                  <span className="shrink-0 text-muted-foreground">{formatBytes(file.size)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button asChild variant="outline" size="lg">
            <Link to="/admin/projects">
              <ArrowLeft aria-hidden />
              Retour à la liste
            </Link>
          </Button>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            {busy ? "Création en cours..." : "Créer le brouillon"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de créer le projet"
      retryTo="/admin/projects/quick-create"
    />
  );
}
