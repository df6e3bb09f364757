import { describe, expect, it } from "vitest";
import {
  quoteText,
  renderEmail,
  SAMPLE_VARIABLES,
  templatePlaceholders,
  templateProblem,
  textToHtml,
} from "~/lib/email-templates";

describe("templateProblem", () => {
  it("accepts escaped placeholders, sections over them and comments", () => {
    expect(
      templateProblem("<p>Bonjour {{name}},</p>\n{{#phone}}Tél. : {{ phone }}{{/phone}}{{! note }}"),
    ).toBe(null);
    expect(templateProblem("{{^subject}}Sans objet{{/subject}}")).toBe(null);
  });

  it("refuses every way of inserting a value unescaped, with its line", () => {
    expect(templateProblem("Bonjour,\n<p>{{{message}}}</p>")).toBe(
      "Ligne 2 : « {{{message}}} » insérerait la valeur sans échappement. Utilisez {{message}} : les valeurs doivent rester échappées.",
    );
    expect(templateProblem("{{& name}}")).toMatch(/^Ligne 1 : « {{& name}} » insérerait la valeur/);
    expect(templateProblem("a\nb\n{{=<% %>=}}<%& name %>")).toBe(
      "Ligne 3 : le changement de délimiteurs (« {{=<% %>=}} ») n'est pas autorisé.",
    );
    expect(templateProblem("{{#name}}\n  {{{email}}}\n{{/name}}")).toMatch(/^Ligne 2 : « {{{email}}} »/);
  });

  it("refuses partials and unknown placeholders", () => {
    expect(templateProblem("{{> pied}}")).toBe(
      "Ligne 1 : les inclusions de modèles (« {{> pied}} ») ne sont pas autorisées.",
    );
    expect(templateProblem("x\n{{nom}}")).toBe(
      "Ligne 2 : variable inconnue « {{nom}} ». Variables disponibles : {{name}}, {{email}}, {{phone}}, {{subject}}, {{message}}, {{service_type}}.",
    );
    expect(templateProblem("{{name.length}}")).toMatch(/^Ligne 1 : variable inconnue/);
  });

  it("explains what does not compile, with the line", () => {
    expect(templateProblem("Bonjour\n{{name")).toBe("Ligne 2 : balise non fermée (« }} » manquant).");
    expect(templateProblem("a\n{{#phone}}\nb")).toBe(
      "Ligne 2 : la section « phone » n'est jamais fermée ({{/phone}} manquant).",
    );
    expect(templateProblem("a\nb\n{{/phone}}")).toBe(
      "Ligne 3 : « {{/phone}} » ferme une section qui n'a pas été ouverte.",
    );
  });
});

describe("renderEmail", () => {
  it("escapes values in the HTML part only", () => {
    const email = renderEmail(
      { subject: "Demande de {{name}}\n", htmlContent: "<p>{{name}}</p>", textContent: "{{name}}" },
      { ...SAMPLE_VARIABLES, name: "<b>Jean</b> & Cie" },
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
    expect(templateProblem("{{staff_name}}", templatePlaceholders("contact_reply"))).toBe(null);
    expect(templateProblem("{{staff_name}}", templatePlaceholders("contact_confirmation"))).toMatch(
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
