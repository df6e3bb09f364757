import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import type { Consent } from "~/lib/consent";
import { keptSearch, readByPage } from "~/lib/page-query";
import type { TagManagerConfig } from "~/lib/tag-manager";

const CONSENT_ACTION = "/api/consent";

type Props = {
  /** The visitor's choice (the page cache keys on it), to pre-fill 'Personnaliser'. */
  consent: Consent | null;
  /** From getTrackingState (app/server/analytics/tracking.server.ts): null without a tag manager. */
  tagManager: TagManagerConfig | null;
};

/**
 * The cookie banner (CNIL rules): 'Refuser' looks and weighs exactly like 'Accepter', nothing is
 * pre-ticked, and nothing is loaded before a choice. It is a form posting to /api/consent, so it
 * works without JavaScript; app/enhance/consent.ts applies the choice in place, reopens the
 * banner from the footer and loads the tag manager after consent. Open on a first visit when a
 * tag manager is configured (without one the site sets no cookie needing consent), hidden
 * otherwise, until asked for.
 */
export function ConsentBanner({ consent, tagManager }: Props) {
  const location = useLocation();
  return (
    <section
      aria-labelledby="consent-title"
      data-consent-banner=""
      data-tag-manager={tagManager ? JSON.stringify(tagManager) : undefined}
      hidden={consent !== null || !tagManager}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-card p-4 shadow-2xl sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-lg sm:border"
    >
      <form method="post" action={CONSENT_ACTION} className="space-y-3">
        <input
          type="hidden"
          name="redirectTo"
          value={
            location.pathname + keptSearch(location.search, (name) => readByPage(location.pathname, name))
          }
        />
        <h2 id="consent-title" tabIndex={-1} className="text-base font-semibold outline-none">
          Vos choix en matière de cookies
        </h2>
        <p className="text-sm text-muted-foreground">
          Avec votre accord, nous utilisons des cookies de mesure d'audience et de publicité (Google Tag
          Manager, Google Analytics) pour comprendre l'utilisation du site et l'améliorer. Vous pouvez changer
          d'avis à tout moment avec le lien « Gérer les cookies » en bas de page.{" "}
          <Link to="/privacy-policy" className="text-foreground underline underline-offset-2">
            En savoir plus
          </Link>
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium underline underline-offset-2">Personnaliser</summary>
          <fieldset className="mt-2 space-y-2">
            <legend className="sr-only">Finalités</legend>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name="analytics"
                defaultChecked={consent?.analytics ?? false}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <strong className="font-medium">Mesure d'audience</strong>
                <span className="block text-muted-foreground">
                  Statistiques de visite (Google Analytics).
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name="marketing"
                defaultChecked={consent?.marketing ?? false}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <strong className="font-medium">Publicité</strong>
                <span className="block text-muted-foreground">Mesure de nos campagnes publicitaires.</span>
              </span>
            </label>
            <button
              type="submit"
              name="choice"
              value="custom"
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              Enregistrer mes choix
            </button>
          </fieldset>
        </details>
        <div className="grid grid-cols-2 gap-3">
          <button
            type="submit"
            name="choice"
            value="refuse"
            className={buttonVariants({ variant: "secondary" })}
          >
            Refuser
          </button>
          <button
            type="submit"
            name="choice"
            value="accept"
            className={buttonVariants({ variant: "secondary" })}
          >
            Accepter
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The footer's 'Gérer les cookies': reopens the banner (app/enhance/consent.ts). Before the
 * scripts run it is a form that forgets the choice and comes back to the page, which then opens
 * the banner.
 */
export function ManageCookiesButton({ className }: { className?: string }) {
  const location = useLocation();
  return (
    <form method="post" action={CONSENT_ACTION} className="inline" data-manage-consent="">
      <input
        type="hidden"
        name="redirectTo"
        value={location.pathname + keptSearch(location.search, (name) => readByPage(location.pathname, name))}
      />
      <button type="submit" name="choice" value="reset" className={className}>
        Gérer les cookies
      </button>
    </form>
  );
}
