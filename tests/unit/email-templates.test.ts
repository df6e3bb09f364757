import { describe, expect, it } from "vitest";
import {
  emailTemplateUses,
  missingPlaceholder,
  quoteText,
  renderEmail,
  templateProblem,
  textToHtml,
} from "~/lib/admin/email-templates";

describe("templateProblem", () => {
  it("accepts escaped placeholders, sections over them and comments", () => {
    expect(
      templateProblem(
        "<p>Bonjour {{name}},</p>\n{{#phone}}Tél. : {{ phone }}{{/phone}}{{! note }}",
        "contact_confirmation",
      ),
    ).toBe(null);
    expect(templateProblem("{{^subject}}Sans objet{{/subject}}", "contact_confirmation")).toBe(null);
  });

  it("refuses every way of inserting a value unescaped, with its line", () => {
    expect(templateProblem("Bonjour,\n<p>{{{message}}}</p>", "contact_confirmation")).toBe(
      "Ligne 2 : « {{{message}}} » insérerait la valeur sans échappement. Utilisez {{message}} : les valeurs doivent rester échappées.",
    );
    expect(templateProblem("{{& name}}", "contact_confirmation")).toMatch(
      /^Ligne 1 : « {{& name}} » insérerait la valeur/,
    );
    expect(templateProblem("a\nb\n{{=<% %>=}}<%& name %>", "contact_confirmation")).toBe(
      "Ligne 3 : le changement de délimiteurs (« {{=<% %>=}} ») n'est pas autorisé.",
    );
    expect(templateProblem("{{#name}}\n  {{{email}}}\n{{/name}}", "contact_confirmation")).toMatch(
      /^Ligne 2 : « {{{email}}} »/,
    );
  });

  it("refuses partials and unknown placeholders", () => {
    expect(templateProblem("{{> pied}}", "contact_confirmation")).toBe(
      "Ligne 1 : les inclusions de modèles (« {{> pied}} ») ne sont pas autorisées.",
    );
    expect(templateProblem("x\n{{nom}}", "contact_confirmation")).toBe(
      "Ligne 2 : variable inconnue « {{nom}} ». Variables disponibles : {{name}}, {{email}}, {{phone}}, {{subject}}, {{message}}, {{service_type}}.",
    );
    expect(templateProblem("{{name.length}}", "contact_confirmation")).toMatch(
      /^Ligne 1 : variable inconnue/,
    );
  });

  it("explains what does not compile, with the line", () => {
    expect(templateProblem("Bonjour\n{{name", "contact_confirmation")).toBe(
      "Ligne 2 : balise non fermée (« }} » manquant).",
    );
    expect(templateProblem("a\n{{#phone}}\nb", "contact_confirmation")).toBe(
      "Ligne 2 : la section « phone » n'est jamais fermée ({{/phone}} manquant).",
    );
    expect(templateProblem("a\nb\n{{/phone}}", "contact_confirmation")).toBe(
      "Ligne 3 : « {{/phone}} » ferme une section qui n'a pas été ouverte.",
    );
  });
});

describe("the password templates", () => {
  it("know their own placeholders only", () => {
    expect(templateProblem("{{email}} : {{reset_url}} ({{valid_minutes}} min)", "password_reset")).toBe(null);
    expect(templateProblem("{{name}}", "password_reset")).toBe(
      "Ligne 1 : variable inconnue « {{name}} ». Variables disponibles : {{email}}, {{reset_url}}, {{valid_minutes}}.",
    );
    expect(templateProblem("{{reset_url}}", "password_changed")).toMatch(/variable inconnue/);
    expect(templateProblem("{{changed_at}} {{login_url}}", "password_changed")).toBe(null);
  });

  it("refuse a reset mail without its link, in a section or not", () => {
    expect(missingPlaceholder("<p>Bonjour {{email}}</p>", "password_reset")).toBe(
      "Le lien {{reset_url}} est indispensable à cet e-mail : ajoutez-le.",
    );
    expect(missingPlaceholder("{{! {{reset_url}} }}", "password_reset")).not.toBe(null);
    expect(missingPlaceholder('<a href="{{ reset_url }}">ici</a>', "password_reset")).toBe(null);
    expect(missingPlaceholder("{{#email}}{{reset_url}}{{/email}}", "password_reset")).toBe(null);
    expect(missingPlaceholder("Bonjour", "contact_confirmation")).toBe(null);
  });
});

describe("renderEmail", () => {
  it("escapes values in the HTML part only", () => {
    const email = renderEmail(
      { subject: "Demande de {{name}}\n", htmlContent: "<p>{{name}}</p>", textContent: "{{name}}" },
      { ...emailTemplateUses.contact_confirmation.sample, name: "<b>Jean</b> & Cie" },
    );
    expect(email).toEqual({
      subject: "Demande de <b>Jean</b> & Cie",
      html: "<p>&lt;b&gt;Jean&lt;&#x2F;b&gt; &amp; Cie</p>",
      text: "<b>Jean</b> & Cie",
    });
  });
});

describe("the reply's placeholder", () => {
  it("is known to contact_reply only", () => {
    expect(templateProblem("{{staff_name}}", "contact_reply")).toBe(null);
    expect(templateProblem("{{staff_name}}", "contact_confirmation")).toMatch(
      /^Ligne 1 : variable inconnue « {{staff_name}} »/,
    );
  });
});

describe("textToHtml", () => {
  it("escapes everything typed, keeps paragraphs and line breaks, and makes quoted lines a blockquote", () => {
    const quoted = quoteText("Bonjour,\r\n\r\n<script>x</script>");
    expect(quoted).toBe("> Bonjour,\n>\n> <script>x</script>");
    const html = textToHtml(`Merci & à bientôt\nMarie\n\nJean a écrit :\n${quoted}`);
    expect(html).toBe(
      "<p>Merci &amp; à bientôt<br>\nMarie</p>\n<p>Jean a écrit :</p>\n" +
        '<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc;color:#555">' +
        "Bonjour,<br>\n<br>\n&lt;script&gt;x&lt;/script&gt;</blockquote>",
    );
  });
});
