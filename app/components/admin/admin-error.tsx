import { isRouteErrorResponse, Link } from "react-router";
import { ShieldAlert, TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * What a back-office screen shows when its loader or action fails: 403 (role missing) gets its
 * own message; anything else the screen's `message`, with a way to try again.
 */
export function AdminError({
  error,
  message,
  retryTo,
  retryLabel = "Réessayer",
}: {
  error: unknown;
  message: string;
  retryTo?: string;
  /** The link's text ('Réessayer'; e.g. 'Retour à la liste' when retrying cannot help). */
  retryLabel?: string;
}) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const Icon = forbidden ? ShieldAlert : TriangleAlert;
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-lg border bg-card p-8 text-center"
    >
      <Icon className="size-8 text-primary" aria-hidden />
      <h1 className="text-lg font-semibold">{forbidden ? "Accès refusé" : message}</h1>
      {forbidden && (
        <p className="text-sm text-muted-foreground">
          Vous n'avez pas les droits nécessaires pour accéder à cette page.
        </p>
      )}
      {forbidden ? (
        <Button asChild variant="outline">
          <Link to="/admin">Retour au tableau de bord</Link>
        </Button>
      ) : (
        retryTo && (
          <Button asChild variant="outline">
            <Link to={retryTo}>{retryLabel}</Link>
          </Button>
        )
      )}
    </div>
  );
}

/**
 * The error of a preview page (a document of its own, outside the back office's layout): the
 * message the loader sent ('Article #3 non trouvé'…) or `fallback`, and a way back to the list.
 */
export function PreviewError({
  error,
  fallback,
  listTo,
  listLabel,
}: {
  error: unknown;
  fallback: string;
  listTo: string;
  listLabel: string;
}) {
  const data = (error as { data?: unknown } | null)?.data;
  return (
    <main className="p-6">
      <AdminError
        error={error}
        message={typeof data === "string" ? data : fallback}
        retryTo={listTo}
        retryLabel={listLabel}
      />
    </main>
  );
}
