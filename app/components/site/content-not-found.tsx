import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import { Link } from "react-router";
import { MissingPageGuesses, type ShownHit } from "~/components/site/search-results";

type Action = { to: string; label: string; icon: IconName; primary?: boolean };

/**
 * "Not found" panel of a content page (article, project), inside the site frame: the spec gives
 * each its own title and links, unlike the generic 404 page; guesses from its address below them.
 */
export function ContentNotFound({
  title,
  message,
  alert,
  actions,
  guesses = [],
}: {
  title: string;
  message: string;
  /** Why the content could not be shown, when it is a failure rather than an absence. */
  alert?: string;
  actions: Action[];
  guesses?: ShownHit[];
}) {
  return (
    <section className="relative overflow-hidden px-4 py-24 sm:py-32">
      <div
        aria-hidden
        className="pointer-events-none absolute left-1/2 top-0 size-[32rem] -translate-x-1/2 rounded-full bg-betic-red/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-slate-300">{message}</p>
        {alert ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-300">
            {alert}
          </p>
        ) : null}
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {actions.map(({ to, label, icon, primary }) => (
            <Link
              key={to}
              to={to}
              className={
                primary
                  ? "inline-flex h-12 items-center gap-2 rounded-lg bg-red-700 px-6 font-semibold text-white shadow-lg shadow-red-900/30 transition-colors hover:bg-red-800"
                  : "inline-flex h-12 items-center gap-2 rounded-lg border border-white/15 px-6 font-semibold text-slate-100 transition-colors hover:bg-white/10"
              }
            >
              <Icon name={icon} className="size-5" />
              {label}
            </Link>
          ))}
        </div>
        <MissingPageGuesses guesses={guesses} />
      </div>
    </section>
  );
}
