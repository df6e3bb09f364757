import { CircleCheck, CircleX, Loader2, PlugZap, TriangleAlert } from "lucide-react";
import { useFetcher } from "react-router";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { ProblemAnswer } from "~/lib/admin/form-answer";

// The site settings screen's pieces (app/routes/admin/settings/index.tsx).

/** A group of fields; flat on a phone, where the accordion already frames it. */
export function SectionCard({
  title,
  description,
  repeatsSection = false,
  children,
}: {
  title: string;
  description?: string;
  /** The title says the same as the section's own (hidden on a phone, under the accordion's). */
  repeatsSection?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card className="max-md:gap-3 max-md:border-0 max-md:bg-transparent max-md:py-0">
      <CardHeader className="max-md:px-0">
        <CardTitle className={repeatsSection ? "text-base max-md:hidden" : "text-base"}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 max-md:px-0">{children}</CardContent>
    </Card>
  );
}

/** The two warnings of back-office.md §8 when keys are missing. */
export function MissingKeyWarnings({
  secrets,
  values,
}: {
  secrets: Partial<Record<string, boolean>>;
  values: { apiKeys: { recaptchaSiteKey?: string | null } };
}) {
  const warnings = [
    !secrets["apiKeys.tinymceApiKey"] &&
      "L'éditeur de texte riche pourrait avoir des fonctionnalités limitées sans clé API valide.",
    !(values.apiKeys.recaptchaSiteKey && secrets["apiKeys.recaptchaSecretKey"]) &&
      "Les formulaires avec reCAPTCHA ne fonctionneront pas correctement sans clés valides.",
  ].filter((warning): warning is string => Boolean(warning));
  if (warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {warnings.map((warning) => (
        <Alert key={warning} className="border-yellow-500/40 bg-yellow-500/10 text-yellow-100">
          <TriangleAlert aria-hidden />
          <AlertDescription>{warning}</AlertDescription>
        </Alert>
      ))}
    </div>
  );
}

/**
 * The page cache switch and 'Vider le cache' (possible only while the cache is on). Each posts
 * on its own, at once, outside the settings form.
 */
export function CacheCard({ enabled, tab }: { enabled: boolean; tab: string }) {
  const fetcher = useFetcher<ProblemAnswer>();
  const busy = fetcher.state !== "idle";
  const pendingIntent = fetcher.formData?.get("intent");
  const shown =
    pendingIntent === "cache-toggle" ? fetcher.formData?.get("features.enableCache") === "on" : enabled;
  useAnswerToast(fetcher.data);
  return (
    <SectionCard
      title="Cache des pages"
      description="Les pages publiques sont gardées prêtes en mémoire sur chaque serveur ; toute modification du contenu les renouvelle."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Switch
            id="cache-enabled"
            checked={shown}
            disabled={busy}
            onCheckedChange={(checked) =>
              fetcher.submit(
                { intent: "cache-toggle", tab, "features.enableCache": checked ? "on" : "" },
                { method: "post" },
              )
            }
          />
          <Label htmlFor="cache-enabled">{shown ? "Cache activé" : "Cache désactivé"}</Label>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!enabled || busy}
          onClick={() => fetcher.submit({ intent: "cache-clear", tab }, { method: "post" })}
        >
          {pendingIntent === "cache-clear" ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Vider le cache
        </Button>
      </div>
    </SectionCard>
  );
}

/**
 * 'Tester la connexion' (issue 22): checks the Mailjet keys or the SMTP server as typed in the
 * form `formId`, without saving them (a secret left empty is the saved one). The provider's answer
 * is toasted and stays written under the button.
 */
export function MailConnectionTest({ formId }: { formId: string }) {
  const fetcher = useFetcher<ProblemAnswer>();
  useAnswerToast(fetcher.data);
  const testing = fetcher.state !== "idle";
  const outcome = testing ? undefined : (fetcher.data?.success ?? fetcher.data?.problem);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button
        type="button"
        variant="outline"
        disabled={testing}
        onClick={() => {
          const form = document.getElementById(formId);
          if (!(form instanceof HTMLFormElement)) return;
          const values = new FormData(form);
          values.set("intent", "test-mail");
          void fetcher.submit(values, { method: "post" });
        }}
      >
        {testing ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
        {testing ? "Test en cours..." : "Tester la connexion"}
      </Button>
      <p role="status" className="text-sm" data-testid="mail-connection-test">
        {outcome ? (
          <span className={fetcher.data?.success ? "text-green-300" : "text-red-200"}>
            {fetcher.data?.success ? (
              <CircleCheck className="mr-1.5 inline size-4" aria-hidden />
            ) : (
              <CircleX className="mr-1.5 inline size-4" aria-hidden />
            )}
            {outcome.description}
          </span>
        ) : (
          <span className="text-muted-foreground">Avec les valeurs saisies, sans les enregistrer.</span>
        )}
      </p>
    </div>
  );
}
