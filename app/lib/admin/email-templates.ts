import Mustache from "mustache";
import type { EmailTemplateName } from "~/lib/enums";
import { RESET_LINK_MINUTES } from "~/lib/schemas/users";

/**
 * The e-mail templates' placeholders, rendering and rules, shared by the server (sending, saving)
 * and the templates screen (live preview, the same refusals before a round trip).
 */

/** The templates' tab labels (back-office.md §2.17), and the other mails the outbox carries. */
export const emailTemplateLabels: Record<string, string> = {
  contact_confirmation: "Email de confirmation",
  contact_notification: "Email de notification",
  password_reset: "Réinitialisation du mot de passe",
  password_changed: "Mot de passe modifié",
  contact_reply: "Réponse au visiteur",
  contact_assignment: "Avis d'attribution",
  contact_digest: "Récapitulatif quotidien",
  project_creation: "Avis de création de projet",
  health_alert: "Alerte : état du site",
  health_recovered: "État du site rétabli",
  weekly_report: "Rapport hebdomadaire",
};

/** The placeholders staff may use in every contact template (back-office.md §2.17). */
const CONTACT_PLACEHOLDERS = ["name", "email", "phone", "subject", "message", "service_type"] as const;
/** The reply's own placeholder: the name of the staff member who answers (issue 22). */
export const STAFF_NAME_PLACEHOLDER = "staff_name";
export type TemplateVariables = Record<(typeof CONTACT_PLACEHOLDERS)[number], string> &
  Partial<Record<typeof STAFF_NAME_PLACEHOLDER, string>>;

/** The sample request a contact template's preview and test e-mail are filled with (back-office.md §7). */
const SAMPLE_REQUEST: Required<TemplateVariables> = {
  name: "Jean Dupont",
  email: "jean.dupont@exemple.fr",
  phone: "06 12 34 56 78",
  subject: "Demande de devis pour un tableau électrique",
  message: "Bonjour, je souhaiterais un devis pour remplacer le tableau électrique de ma maison.",
  service_type: "Rénovation électrique",
  staff_name: "Marie Martin",
};

type TemplateUse = {
  /** Who receives it, when (under the editor's title). */
  purpose: string;
  placeholders: readonly string[];
  /** Placeholders the mail is useless without: refused if the HTML or text part lacks one. */
  required?: readonly string[];
  /** What a preview and a test e-mail are filled with, and how the preview says so. */
  sample: Record<string, string>;
  sampleNote: string;
};

const SAMPLE_ACCOUNT = "jean.dupont@exemple.fr";

/** The placeholders of the two mails of 'État du site' (app/server/health/alerts.server.ts). */
const HEALTH_PLACEHOLDERS = ["check", "summary", "action", "health_url"] as const;
const SAMPLE_HEALTH_CHECK = {
  check: "Sauvegardes",
  summary:
    "Dernière sauvegarde réussie le 03/03/2026 02:00 ; archives chiffrées, gardées dans /var/lib/betic/backups.",
  action: "Aucune sauvegarde depuis plus de 26 heures : lancez-en une et vérifiez la planification.",
  health_url: "https://www.exemple.fr/admin/health",
};

/** The placeholders of the Monday report (app/server/analytics/weekly-report.server.ts), each a block of text. */
const WEEKLY_REPORT_SAMPLE = {
  period: "du lundi 16/11/2026 au dimanche 22/11/2026",
  visitors: "412 (la semaine précédente : 380, +8 %)",
  requests: "6 (la semaine précédente : 4, +50 %)",
  top_pages: "- Accueil (/) : 520 vues\n- Borne de recharge (/blog/borne-de-recharge) : 140 vues",
  top_sources: "- www.google.fr : 180 visiteurs, 3 demandes\n- flyer : 25 visiteurs, 2 demandes",
  top_campaigns: "- flyer-printemps : 25 visiteurs, 2 demandes",
  new_requests: "3",
  failed_mails: "0",
  fruitless_searches: "- « devis climatisation » : 4 recherches\n- « alarme » : 2 recherches",
  statistics_url: "https://www.exemple.fr/admin/analytics?range=7d",
  profile_url: "https://www.exemple.fr/admin/profile",
};

/** What each editable template is for, what it may say, and what its preview shows. */
export const emailTemplateUses: Record<EmailTemplateName, TemplateUse> = {
  contact_confirmation: {
    purpose: "Envoyé au visiteur qui a rempli le formulaire de contact.",
    placeholders: CONTACT_PLACEHOLDERS,
    sample: SAMPLE_REQUEST,
    sampleNote: `Avec une demande d'exemple : ${SAMPLE_REQUEST.name}, ${SAMPLE_REQUEST.service_type.toLowerCase()}.`,
  },
  contact_notification: {
    purpose: "Envoyé à l'entreprise pour chaque nouvelle demande.",
    placeholders: CONTACT_PLACEHOLDERS,
    sample: SAMPLE_REQUEST,
    sampleNote: `Avec une demande d'exemple : ${SAMPLE_REQUEST.name}, ${SAMPLE_REQUEST.service_type.toLowerCase()}.`,
  },
  contact_reply: {
    purpose:
      "Le brouillon proposé par « Répondre » dans une demande, modifiable avant chaque envoi. Le message du visiteur n'y figure que si vous le citez ; la version HTML est faite à partir du texte.",
    placeholders: [...CONTACT_PLACEHOLDERS, STAFF_NAME_PLACEHOLDER],
    sample: SAMPLE_REQUEST,
    sampleNote: `Avec une demande d'exemple : ${SAMPLE_REQUEST.name}, réponse de ${SAMPLE_REQUEST.staff_name}.`,
  },
  password_reset: {
    purpose:
      "Envoyé à un membre de l'équipe qui a demandé un nouveau mot de passe (« Mot de passe oublié ? »).",
    placeholders: ["email", "reset_url", "valid_minutes"],
    required: ["reset_url"],
    sample: {
      email: SAMPLE_ACCOUNT,
      reset_url: "https://www.exemple.fr/admin/login/reset?token=exemple",
      valid_minutes: String(RESET_LINK_MINUTES),
    },
    sampleNote: `Avec un compte d'exemple : ${SAMPLE_ACCOUNT}.`,
  },
  password_changed: {
    purpose: "Envoyé au membre de l'équipe dont le mot de passe vient d'être réinitialisé.",
    placeholders: ["email", "changed_at", "login_url"],
    sample: {
      email: SAMPLE_ACCOUNT,
      changed_at: "05/03/2026 14:30",
      login_url: "https://www.exemple.fr/admin/login",
    },
    sampleNote: `Avec un compte d'exemple : ${SAMPLE_ACCOUNT}.`,
  },
  health_alert: {
    purpose: "Envoyé à chaque administrateur quand une vérification de l'état du site passe au rouge.",
    placeholders: HEALTH_PLACEHOLDERS,
    sample: SAMPLE_HEALTH_CHECK,
    sampleNote: "Avec une vérification d'exemple : les sauvegardes.",
  },
  health_recovered: {
    purpose: "Envoyé à chaque administrateur quand une vérification passée au rouge ne l'est plus.",
    placeholders: HEALTH_PLACEHOLDERS,
    sample: {
      ...SAMPLE_HEALTH_CHECK,
      summary: "Dernière sauvegarde réussie le 05/03/2026 02:00.",
      action: "",
    },
    sampleNote: "Avec une vérification d'exemple : les sauvegardes.",
  },
  weekly_report: {
    purpose:
      "Envoyé chaque lundi à 8 h à chaque membre de l'équipe qui le garde dans « Profil » (par défaut les administrateurs) ; rien n'est envoyé pour une semaine sans visite ni demande.",
    placeholders: Object.keys(WEEKLY_REPORT_SAMPLE),
    sample: WEEKLY_REPORT_SAMPLE,
    sampleNote: "Avec une semaine d'exemple.",
  },
};

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The HTML part of a mail written as plain text (a reply from the inbox): every character
 * escaped, paragraphs at blank lines, line breaks kept, and the lines staff quoted ("> ...") as a
 * blockquote. Nothing typed can become markup.
 */
export function textToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/);
  return blocks
    .flatMap((block) => {
      // Runs of quoted and unquoted lines: "X a écrit :" then its quote stay in their order.
      const runs: { quoted: boolean; lines: string[] }[] = [];
      for (const line of block.split("\n")) {
        const quoted = line.startsWith(">");
        const last = runs.at(-1);
        const content = escapeHtml(quoted ? line.replace(/^> ?/, "") : line);
        if (last?.quoted === quoted) last.lines.push(content);
        else runs.push({ quoted, lines: [content] });
      }
      return runs.map(({ quoted, lines }) =>
        quoted
          ? `<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc;color:#555">${lines.join("<br>\n")}</blockquote>`
          : `<p>${lines.join("<br>\n")}</p>`,
      );
    })
    .join("\n");
}

/** A visitor's message quoted in a reply: each line behind "> " (textToHtml makes it a blockquote). */
export function quoteText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

export type EmailTemplateParts = { subject: string; htmlContent: string; textContent: string };
export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Fills a template. `{{x}}` is HTML-escaped in the HTML part (visitor input never becomes markup);
 * the subject and the text part are plain text, so they are rendered without escaping.
 */
export function renderEmail(
  template: EmailTemplateParts,
  variables: TemplateVariables | Record<string, string>,
): RenderedEmail {
  const plain = { escape: (value: unknown) => String(value) };
  return {
    subject: Mustache.render(template.subject, variables, undefined, plain).replace(/\s+/g, " ").trim(),
    html: Mustache.render(template.htmlContent, variables),
    text: Mustache.render(template.textContent, variables, undefined, plain),
  };
}

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

/**
 * Why a part of template `name` cannot be saved, in French with its line, or null when it can.
 * Refused: anything that would insert a value unescaped (`{{{x}}}`, `{{&x}}`, or the same after a
 * change of delimiters), partials, placeholders the template does not know, and what Mustache
 * cannot compile.
 */
export function templateProblem(source: string, name: EmailTemplateName): string | null {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(source) as Token[];
  } catch (error) {
    return describeParseError(source, error instanceof Error ? error.message : String(error));
  }
  return firstForbidden(source, tokens, emailTemplateUses[name].placeholders);
}

/**
 * A placeholder template `name` requires (the reset link) that the HTML or text part `source`
 * never prints, as a French sentence; null when none is missing or the part does not compile.
 */
export function missingPlaceholder(source: string, name: EmailTemplateName): string | null {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(source) as Token[];
  } catch {
    return null;
  }
  const printed = new Set<string>();
  const collect = (list: Token[]) => {
    for (const [type, value, , , children] of list) {
      if (type === "name") printed.add(value);
      if (children) collect(children);
    }
  };
  collect(tokens);
  const missing = emailTemplateUses[name].required?.find((placeholder) => !printed.has(placeholder));
  return missing ? `Le lien {{${missing}}} est indispensable à cet e-mail : ajoutez-le.` : null;
}

function firstForbidden(source: string, tokens: Token[], placeholders: readonly string[]): string | null {
  for (const [type, value, start, end, children] of tokens) {
    const where = `Ligne ${lineAt(source, start)}`;
    const tag = source.slice(start, end);
    switch (type) {
      case "&":
        return `${where} : « ${tag} » insérerait la valeur sans échappement. Utilisez {{${value}}} : les valeurs doivent rester échappées.`;
      case ">":
        return `${where} : les inclusions de modèles (« ${tag} ») ne sont pas autorisées.`;
      case "=":
        return `${where} : le changement de délimiteurs (« ${tag} ») n'est pas autorisé.`;
      case "name":
      case "#":
      case "^":
        if (!placeholders.includes(value)) {
          const list = placeholders.map((known) => `{{${known}}}`).join(", ");
          return `${where} : variable inconnue « ${tag} ». Variables disponibles : ${list}.`;
        }
    }
    const inner = children ? firstForbidden(source, children, placeholders) : null;
    if (inner) return inner;
  }
  return null;
}

function describeParseError(source: string, message: string): string {
  const position = Number(/ at (\d+)$/.exec(message)?.[1] ?? NaN);
  const unclosedSection = /^Unclosed section "(.*)"/.exec(message);
  if (unclosedSection) {
    const name = unclosedSection[1]!;
    const opening = lastIndexOfTag(source, name);
    const line = lineAt(source, opening >= 0 ? opening : position);
    return `Ligne ${line} : la section « ${name} » n'est jamais fermée ({{/${name}}} manquant).`;
  }
  const unopened = /^Unopened section "(.*)"/.exec(message);
  if (unopened) {
    const name = unopened[1]!;
    return `Ligne ${lineAt(source, position)} : « {{/${name}}} » ferme une section qui n'a pas été ouverte.`;
  }
  if (message.startsWith("Unclosed tag")) {
    const opening = source.lastIndexOf("{{", Number.isNaN(position) ? undefined : position);
    return `Ligne ${lineAt(source, opening >= 0 ? opening : position)} : balise non fermée (« }} » manquant).`;
  }
  return `Le modèle ne peut pas être compilé : balise invalide${Number.isNaN(position) ? "" : ` (ligne ${lineAt(source, position)})`}.`;
}

function lastIndexOfTag(source: string, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`\\{\\{\\s*[#^]\\s*${escaped}\\s*\\}\\}`, "g");
  let last = -1;
  for (const match of source.matchAll(pattern)) last = match.index;
  return last;
}

function lineAt(source: string, position: number) {
  if (Number.isNaN(position)) return 1;
  return source.slice(0, Math.max(0, position)).split("\n").length;
}
