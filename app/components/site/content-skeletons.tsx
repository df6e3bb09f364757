import { Icon } from "~/components/site/icon";
import type { PendingKind } from "./content-pending";

/** The placeholder of a content page whose data is loading (public-site.md loading states). */
export function ContentSkeleton({ kind }: { kind: PendingKind }) {
  if (kind === "article") return <ArticleSkeleton />;
  if (kind === "project") return <ProjectSpinner />;
  return <PageSkeleton />;
}

const bar = "animate-pulse rounded-md bg-white/10";

function ArticleSkeleton() {
  return (
    <div role="status" aria-label="Chargement de l'article" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className={`${bar} mx-auto h-6 w-28 rounded-full`} />
      <div className={`${bar} mx-auto mt-5 h-10 w-4/5`} />
      <div className={`${bar} mx-auto mt-4 h-4 w-72 max-w-full`} />
      <div className={`${bar} mt-8 aspect-video w-full rounded-xl`} />
      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="space-y-3 lg:col-span-2">
          {["w-full", "w-11/12", "w-full", "w-4/5", "w-11/12", "w-3/5"].map((width, i) => (
            <div key={i} className={`${bar} h-4 ${width}`} />
          ))}
        </div>
        <div className={`${bar} h-48 rounded-xl`} />
      </div>
    </div>
  );
}

function ProjectSpinner() {
  return (
    <div
      role="status"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-300"
    >
      <Icon name="loader-circle" className="size-10 animate-spin text-betic-red" />
      <span>Chargement du projet…</span>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Chargement de la page" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div className={`${bar} h-10 w-2/3`} />
      <div className="mt-10 space-y-3">
        {["w-full", "w-11/12", "w-5/6", "w-full", "w-2/3"].map((width, i) => (
          <div key={i} className={`${bar} h-4 ${width}`} />
        ))}
      </div>
    </div>
  );
}
