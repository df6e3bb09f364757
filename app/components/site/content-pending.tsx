import { lazy, Suspense } from "react";
import { useNavigation } from "react-router";

/*
 * Server-rendered pages arrive complete, so the spec's loading states (article skeleton, project
 * spinner, CMS page skeleton) only matter during client-side navigation: while the next content
 * page's data loads, the page being left shows its placeholder instead of stale content.
 */

// Only a client navigation shows them: their code loads with the first one.
const ContentSkeleton = lazy(() =>
  import("./content-skeletons").then((module) => ({ default: module.ContentSkeleton })),
);

/** Single-segment paths owned by other screens, so not CMS pages. */
const STATIC_PAGES = new Set([
  "about",
  "blog",
  "projects",
  "contact",
  "privacy-policy",
  "terms-of-use",
  "sitemap",
]);

export type PendingKind = "article" | "project" | "page";

function pendingKind(pathname: string): PendingKind | null {
  if (/^\/blog\/[^/]+\/?$/.test(pathname)) return "article";
  if (/^\/projects\/[^/]+\/?$/.test(pathname)) return "project";
  const single = /^\/([^/]+)\/?$/.exec(pathname);
  if (single && !STATIC_PAGES.has(single[1]!)) return "page";
  return null;
}

/** Renders the placeholder of the content page being loaded, else the children. */
export function PendingContent({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const kind = navigation.state === "loading" ? pendingKind(navigation.location.pathname) : null;
  if (!kind) return children;
  // Until the placeholders' code is there (first navigation), the page being left stays.
  return (
    <Suspense fallback={children}>
      <ContentSkeleton kind={kind} />
    </Suspense>
  );
}
