import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toaster";
import type { Enhancement, PageHandle } from "~/lib/page-handle";
import type { Toast } from "~/server/toast.server";
import { getToast } from "~/server/toast.server";
import { enhancementUrls } from "~/server/http/enhancements.server";
import { isAdminPath } from "~/server/security/csp.server";
// Linked by hand, first in <head>: the only render-blocking file must not queue behind the
// module preloads that <Links /> emits before stylesheets.
import stylesheetUrl from "./app.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  // For the pages that do not hydrate (never sent to the browser): their inline scripts' nonce,
  // which the page's finish trades for hashes (html-cache.server.ts), and the modules' files.
  const page = isAdminPath(new URL(request.url).pathname)
    ? null
    : { nonce: context.cspNonce, scripts: enhancementUrls() };
  return data({ toast, page }, { headers });
}

/**
 * Prerenders a public page of this site when the visitor points at or touches its link (moderate
 * eagerness): the back office, the APIs, media files and links marked nofollow excepted.
 */
const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin{/*}?" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/media/*" } },
          { not: { selector_matches: "[rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  const handles = useMatches().map((match) => match.handle as PageHandle | undefined);
  const page = loaderData?.page;
  // A public page is HTML and CSS with a few modules; the back office is a React app.
  const hydrate = !page || !handles.some((handle) => handle?.hydrate === false);
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
        {hydrate ? null : <SpeculationRules nonce={page.nonce} />}
      </head>
      <body className="min-h-screen bg-background text-foreground">
        {children}
        {hydrate ? (
          <>
            <Toaster toast={loaderData?.toast ?? null} />
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <>
            <CarriedToast toast={loaderData.toast} />
            <PageModules
              nonce={page.nonce}
              urls={[
                ...new Set<Enhancement>([
                  ...handles.flatMap((handle) => handle?.scripts ?? []),
                  ...(loaderData.toast ? (["toast"] as const) : []),
                ]),
              ].map((name) => page.scripts[name]!)}
            />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * A page's enhancement modules: a classic inline script, trusted by the render's nonce and then by
 * its hash, adds a module script per file. Under 'strict-dynamic' a script added by a trusted
 * script is trusted, with what it imports ('self' and hosts count only for browsers older than
 * CSP 3): a parser-inserted <script src> or an inline module's imports would be blocked. At the
 * end of the body, so that the modules find the page parsed; once they all ran, `<html
 * data-enhanced>` says so (tests wait for it).
 */
function PageModules({ nonce, urls }: { nonce: string; urls: string[] }) {
  const loader =
    `(function(d,u){var n=u.length;u.forEach(function(h){var s=d.createElement("script");s.type="module";` +
    `s.src=h;s.onload=function(){--n||(d.documentElement.dataset.enhanced="")};d.head.appendChild(s)})})` +
    `(document,${JSON.stringify(urls)})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />;
}

/** Prerendering of the links a visitor is about to follow (SPECULATION_RULES), trusted likewise. */
function SpeculationRules({ nonce }: { nonce: string }) {
  return (
    <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
  );
}

/** The toast a redirect carried, for the toast module (app/enhance/toast.ts) to show. */
function CarriedToast({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <div
      id="page-toast"
      hidden
      data-type={toast.type}
      data-title={toast.title}
      data-description={toast.description}
    />
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
