/**
 * The domains of /admin/cors, as the screen checks them and as the Content-Security-Policy
 * builder (app/server/security/csp.server.ts) reads them back: one validator for both.
 */

/** What a third-party domain may be used for on the public pages, one CSP directive each. */
export const cspDirectiveChoices = [
  "script-src",
  "connect-src",
  "img-src",
  "frame-src",
  "style-src",
  "font-src",
  "media-src",
] as const;
export type CspDirective = (typeof cspDirectiveChoices)[number];

export const cspDirectiveLabels: Record<CspDirective, string> = {
  "script-src": "Scripts",
  "connect-src": "Appels (mesures, API)",
  "img-src": "Images",
  "frame-src": "Cadres intégrés (iframe)",
  "style-src": "Feuilles de style",
  "font-src": "Polices",
  "media-src": "Audio et vidéo",
};

/** A domain added without saying what for: calls and images, never scripts or frames. */
export const DEFAULT_CSP_DIRECTIVES: CspDirective[] = ["connect-src", "img-src"];

/**
 * Second-level labels under which anyone may register or publish (co.uk, gouv.fr, github.io...):
 * a wildcard directly above one covers every site of a registry or a hosting service. Not the
 * whole Public Suffix List, which no production dependency ships; the common cases.
 */
const SHARED_SECOND_LEVELS = new Set(["ac", "co", "com", "edu", "gob", "gouv", "gov", "net", "or", "org"]);
const SHARED_HOSTING_SUFFIXES = new Set([
  "amazonaws.com",
  "appspot.com",
  "azurewebsites.net",
  "blogspot.com",
  "cloudfront.net",
  "firebaseapp.com",
  "github.io",
  "gitlab.io",
  "herokuapp.com",
  "netlify.app",
  "pages.dev",
  "vercel.app",
  "web.app",
  "workers.dev",
]);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/**
 * A domain as typed in /admin/cors, normalised as the spec says (https:// prefixed unless it
 * starts with http or '*.'), or why it is refused: '*' alone, a wildcard over a public suffix
 * ('*.com', '*.co.uk', '*.github.io'), plain http, a path or a query, anything that is not a host.
 */
export function checkCspDomain(input: string): DomainCheck {
  const value = input.trim().toLowerCase();
  if (value === "") return { ok: false, message: "Le domaine est requis" };
  if (/^(\*|https?:\/\/\*|https?:|\*:\/\/\*)\/?$/.test(value))
    return { ok: false, message: "Un joker seul (*) autoriserait tous les sites : indiquez un domaine." };
  if (value.startsWith("http://"))
    return { ok: false, message: "Seules les adresses https sont acceptées (pas http://)." };

  const withScheme = value.startsWith("https://") ? value : `https://${value}`;
  const rest = withScheme.slice("https://".length);
  const slash = rest.search(/[/?#]/);
  if (slash !== -1 && rest.slice(slash) !== "/")
    return { ok: false, message: "Indiquez seulement le domaine, sans chemin (ex. https://www.exemple.fr)." };
  const authority = slash === -1 ? rest : rest.slice(0, slash);

  const match = /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(authority);
  const labels = match?.[2]?.split(".") ?? [];
  const wildcard = Boolean(match?.[1]);
  const invalid = {
    ok: false,
    message: "Domaine invalide (ex. https://www.exemple.fr ou *.exemple.fr).",
  } as const;
  if (!match || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return invalid;
  if (match[3] && Number(match[3]) > 65535) return { ok: false, message: "Port invalide." };
  if (wildcard && coversPublicSuffix(labels))
    return {
      ok: false,
      message: `Un joker doit porter sur un domaine précis (ex. *.exemple.fr), pas sur « *.${labels.join(".")} ».`,
    };
  if (labels.length < 2) return invalid;
  const host = `${wildcard ? "*." : ""}${labels.join(".")}${match[3] ? `:${match[3]}` : ""}`;
  // Stored as the spec's screen stores it: wildcards as typed, other domains with https://.
  return { ok: true, domain: wildcard && !value.startsWith("https://") ? host : `https://${host}` };
}

/** Whether `*.` + labels would match every site under a public suffix. */
function coversPublicSuffix(labels: string[]) {
  if (labels.length === 1) return true; // *.com, *.fr
  if (labels.length > 2) return false;
  // *.co.uk, *.gouv.fr: a shared second level under a country code; *.github.io: a host's users.
  const [second, top] = labels as [string, string];
  return (
    (SHARED_SECOND_LEVELS.has(second) && top.length === 2) || SHARED_HOSTING_SUFFIXES.has(`${second}.${top}`)
  );
}

/** The CSP source for a stored domain: always https, so a wildcard never admits plain http. */
export function cspSourceOf(domain: string): string | null {
  const checked = checkCspDomain(domain);
  if (!checked.ok) return null;
  return checked.domain.startsWith("https://") ? checked.domain : `https://${checked.domain}`;
}
