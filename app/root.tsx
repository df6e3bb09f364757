import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toaster";
import { getToast } from "~/server/toast.server";
// Linked by hand, first in <head>: the only render-blocking file must not queue behind the
// module preloads that <Links /> emits before stylesheets.
import stylesheetUrl from "./app.css?url";

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="fr" className="dark">
      <head>
        <meta charSet="utf-8" />
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0f1c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground">
        {children}
        <Toaster toast={loaderData?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Erreur";
  let details = "Une erreur inattendue s'est produite.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "404" : `Erreur ${error.status}`;
    details = error.status === 404 ? "Page non trouvée" : error.statusText || details;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{details}</p>
      <a href="/" className="text-primary underline">
        Retour à l'accueil
      </a>
    </main>
  );
}
