import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Loader2 } from "lucide-react";
import { useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ErrorList, Field, FormErrors } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { TrackingForm } from "~/components/admin/settings/tracking-form";
import { useDirtyForm } from "~/components/admin/unsaved-changes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { sitemapChangeFrequencies, type SitemapPageType } from "~/lib/enums";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import {
  changeFrequencyLabels,
  robotsSchema,
  sitemapPageTypeLabels,
  sitemapRowSchema,
  type RobotsInput,
} from "~/lib/schemas/seo";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { saveFromForm } from "~/server/admin/row-actions.server";
import { getTrackingForm } from "~/server/analytics/tracking-admin.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  getRobotsSettings,
  listSitemapSettings,
  saveRobots,
  saveSitemapRow,
} from "~/server/seo/seo-admin.server";
import { formTiming } from "~/lib/admin/form-timing";
import { useIsPending } from "~/components/admin/pending-button";

export const meta: Route.MetaFunction = () => [{ title: "SEO | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const [sitemap, robots, tracking] = await Promise.all([
    listSitemapSettings(),
    getRobotsSettings(),
    getTrackingForm(),
  ]);
  const tab = new URL(request.url).searchParams.get("tab") === "robots" ? "robots" : "sitemap";
  return { sitemap, robots, tracking, tab };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "save-sitemap-row":
      return saveFromForm(request, formData, sitemapRowSchema, {
        save: (row) => saveSitemapRow(who, row),
        to: "/admin/seo",
        done: (row) => ({
          title: "Sitemap mis à jour",
          description: `${sitemapPageTypeLabels[row.pageType]} : enregistré.`,
        }),
        failed: "Impossible d'enregistrer les paramètres du sitemap",
      });
    case "save-robots":
      return saveFromForm(request, formData, robotsSchema, {
        save: (robots) => saveRobots(who, robots),
        to: "/admin/seo?tab=robots",
        done: {
          title: "Robots.txt mis à jour",
          description: "Le fichier /robots.txt sert le nouveau contenu.",
        },
        failed: "Impossible d'enregistrer le fichier robots.txt",
      });
  }
  unknownIntent();
}

type SitemapRow = Route.ComponentProps["loaderData"]["sitemap"][number];

export default function SeoScreen({ loaderData }: Route.ComponentProps) {
  const { sitemap, robots, tracking } = loaderData;
  const [tab, setTab] = useState(loaderData.tab);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="SEO"
        description="Balises de suivi, plan du site pour les moteurs de recherche et fichier robots.txt."
      />
      <Card>
        <CardHeader>
          <CardTitle>Balises de suivi</CardTitle>
          <CardDescription>
            Google Tag Manager et Google Analytics 4, chargés après consentement.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TrackingForm values={tracking} returnTo="/admin/seo" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Moteurs de recherche</CardTitle>
          <CardDescription>Ce que /sitemap.xml et /robots.txt servent, dès l'enregistrement.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value === "robots" ? "robots" : "sitemap")}>
            <TabsList aria-label="Fichiers pour les moteurs de recherche">
              <TabsTrigger value="sitemap">Sitemap</TabsTrigger>
              <TabsTrigger value="robots">Robots.txt</TabsTrigger>
            </TabsList>
            <TabsContent value="sitemap" className="flex flex-col gap-3">
              <FileLink href="/sitemap.xml" />
              <div className="hidden gap-3 px-3 text-xs font-medium uppercase text-muted-foreground md:grid md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem_6rem_minmax(0,1fr)_8rem]">
                <span>Type de page</span>
                <span>Fréquence</span>
                <span>Priorité</span>
                <span>Inclure</span>
                <span>Dernière modification</span>
                <span className="sr-only">Action</span>
              </div>
              <ul className="flex flex-col gap-2">
                {sitemap.map((row) => (
                  <SitemapRowForm key={`${row.id}-${new Date(row.updatedAt).getTime()}`} row={row} />
                ))}
              </ul>
            </TabsContent>
            <TabsContent value="robots">
              <RobotsForm robots={robots} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

function FileLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      Voir {href}
      <ExternalLink className="size-3.5" aria-hidden />
    </a>
  );
}

/** One page type's sitemap rule, saved on its own; 'Enregistrer' appears once it differs. */
function SitemapRowForm({ row }: { row: SitemapRow }) {
  const fetcher = useFetcher<FormAnswer>();
  const saved = {
    changeFrequency: row.changeFrequency,
    priority: row.priority.toFixed(1),
    includeInSitemap: row.includeInSitemap,
  };
  const [values, setValues] = useState(saved);
  const changed =
    values.changeFrequency !== saved.changeFrequency ||
    Number(values.priority) !== Number(saved.priority) ||
    values.includeInSitemap !== saved.includeInSitemap;
  const errors = fetcher.state === "idle" ? fetcher.data?.result?.error : undefined;
  const busy = fetcher.state !== "idle";
  const label = sitemapPageTypeLabels[row.pageType as SitemapPageType];
  const id = `sitemap-${row.pageType}`;
  return (
    <li className="rounded-lg border bg-background/40 p-3">
      {/* The server's French message rather than the browser's own for a priority out of 0–1. */}
      <fetcher.Form
        method="post"
        noValidate
        aria-label={label}
        className="grid items-center gap-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem_6rem_minmax(0,1fr)_8rem]"
      >
        <input type="hidden" name="intent" value="save-sitemap-row" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="pageType" value={row.pageType} />
        <input type="hidden" name="updatedAt" value={new Date(row.updatedAt).toISOString()} />
        <span className="font-medium">{label}</span>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-frequency`} className="md:sr-only">
            Fréquence
          </Label>
          <NativeSelect
            id={`${id}-frequency`}
            name="changeFrequency"
            value={values.changeFrequency}
            onChange={(event) => setValues({ ...values, changeFrequency: event.target.value })}
          >
            {sitemapChangeFrequencies.map((frequency) => (
              <NativeSelectOption key={frequency} value={frequency}>
                {changeFrequencyLabels[frequency]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-priority`} className="md:sr-only">
            Priorité
          </Label>
          <Input
            id={`${id}-priority`}
            name="priority"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.1}
            value={values.priority}
            aria-invalid={errors?.priority ? true : undefined}
            aria-describedby={errors?.priority ? `${id}-errors` : undefined}
            onChange={(event) => setValues({ ...values, priority: event.target.value })}
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-include`}
            name="includeInSitemap"
            checked={values.includeInSitemap}
            onCheckedChange={(checked) => setValues({ ...values, includeInSitemap: checked })}
          />
          <Label htmlFor={`${id}-include`} className="md:sr-only">
            Inclure dans le sitemap
          </Label>
        </div>
        <span className="text-sm text-muted-foreground">
          <span className="md:sr-only">Dernière modification : </span>
          {formatDateTime(row.lastModified)}
        </span>
        <div className="md:text-right">
          {changed ? (
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Enregistrer<span className="sr-only"> {label}</span>
            </Button>
          ) : null}
        </div>
        <div className="md:col-span-full" id={`${id}-errors`}>
          <ErrorList
            errors={[
              ...(errors?.priority ?? []),
              ...(errors?.changeFrequency ?? []),
              ...(errors?.[""] ?? []),
            ]}
          />
        </div>
      </fetcher.Form>
    </li>
  );
}

function RobotsForm({ robots }: { robots: Route.ComponentProps["loaderData"]["robots"] }) {
  const answer = useActionData<typeof action>();
  const version = new Date(robots.updatedAt).toISOString();
  const formId = `robots-${version}`;
  const dirty = useDirtyForm(formId);
  const saving = useIsPending("save-robots");
  const [form, fields] = useForm<RobotsInput>({
    id: formId,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: { content: robots.content },
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: robotsSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="save-robots" />
      <input type="hidden" name="updatedAt" value={version} />
      <FileLink href="/robots.txt" />
      <Field
        meta={fields.content}
        label="Contenu du fichier robots.txt"
        description="La ligne « Sitemap: » vers /sitemap.xml est ajoutée automatiquement."
      >
        {(control) => (
          <Textarea
            {...getTextareaProps(fields.content, { ariaAttributes: false })}
            key={fields.content.key}
            {...control}
            rows={14}
            spellCheck={false}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {saving ? "Enregistrement..." : "Enregistrer"}
        </Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de charger les paramètres SEO" retryTo="/admin/seo" />;
}
