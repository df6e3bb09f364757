import { CircleCheck, CircleAlert, CircleX, Loader2, RefreshCw, type LucideIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { adminMenu } from "~/components/admin/menu";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import type { HealthStatus } from "~/lib/enums";
import { plural } from "~/lib/plural";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { recordHealth } from "~/server/health/alerts.server";
import { evaluateHealth } from "~/server/health/checks.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "État du site | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  return { checks: await evaluateHealth() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireActor(request, context, "admin");
  const formData = await request.formData();
  if (formData.get("intent") === "evaluate") {
    // What the job does every few minutes: the admins are mailed now if a check turned red or green.
    const { turnedRed, recovered } = await recordHealth();
    const changes = turnedRed.length + recovered.length;
    return redirectWithToast("/admin/health", {
      title: "État du site vérifié",
      description: changes
        ? `${plural(changes, "changement")} : les administrateurs en sont avertis par e-mail.`
        : "Aucun changement depuis la dernière vérification.",
    });
  }
  unknownIntent();
}

const statusStyles: Record<HealthStatus, { label: string; icon: LucideIcon; className: string }> = {
  ok: { label: "OK", icon: CircleCheck, className: "text-green-300" },
  warning: { label: "À surveiller", icon: CircleAlert, className: "text-yellow-200" },
  error: { label: "Problème", icon: CircleX, className: "text-red-300" },
};

/** The menu's name of the screen a check links to. */
function screenLabel(path: string) {
  const entry = adminMenu.flatMap((group) => group.entries).find((item) => item.to === path);
  return entry ? `Ouvrir « ${entry.label} »` : "Ouvrir l'écran";
}

export default function HealthScreen({ loaderData }: Route.ComponentProps) {
  const { checks } = loaderData;
  const navigation = useNavigation();
  const evaluating = navigation.formData?.get("intent") === "evaluate";
  const red = checks.filter((check) => check.status === "error").length;
  const orange = checks.filter((check) => check.status === "warning").length;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="État du site"
        description={
          red + orange === 0
            ? "Tout va bien."
            : `${red} problème(s), ${orange} point(s) à surveiller. Les administrateurs reçoivent un e-mail quand une vérification passe au rouge, puis quand elle est rétablie.`
        }
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="evaluate" />
            <Button type="submit" disabled={evaluating}>
              {evaluating ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
              Vérifier maintenant
            </Button>
          </Form>
        }
      />
      <ul className="divide-y rounded-lg border bg-card" aria-label="Vérifications">
        {checks.map((check) => {
          const style = statusStyles[check.status];
          return (
            <li
              key={check.id}
              className="flex items-start gap-3 px-4 py-3 sm:px-5"
              data-testid={`health-${check.id}`}
              data-status={check.status}
            >
              <style.icon className={`mt-0.5 size-5 shrink-0 ${style.className}`} aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
                  {check.label}
                  <span className={`text-xs font-normal ${style.className}`}>{style.label}</span>
                </p>
                <p className="break-words text-sm text-muted-foreground">{check.summary}</p>
                {check.action ? (
                  <p className="mt-1 text-sm">
                    {check.action}
                    {check.link ? (
                      <>
                        {" "}
                        <Link to={check.link} className="underline underline-offset-4">
                          {screenLabel(check.link)}
                        </Link>
                      </>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Impossible de vérifier l'état du site" retryTo="/admin/health" />;
}
