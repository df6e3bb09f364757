import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { e2e, expect, scriptsOnly, sql, test } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// The app under test sends through SMTP into this sink (next port after the rig's stub port);
// reCAPTCHA verification goes to the rig's RECAPTCHA_VERIFY_URL, served here when needed.
const sinkPort = () => e2e.stubPort + 1;
let sink: SmtpSink | undefined;
let savedSettings: Record<string, unknown>;

const MAIL_SETTINGS = [
  "smtp_server",
  "smtp_port",
  "smtp_username",
  "smtp_password",
  "mailjet_api_key",
  "mailjet_secret_key",
  "enable_recaptcha",
  "recaptcha_site_key",
  "recaptcha_secret_key",
] as const;

test.beforeAll(async () => {
  [savedSettings] = (await sql(`select ${MAIL_SETTINGS.join(", ")} from site_settings`)) as [
    Record<string, unknown>,
  ];
});

test.beforeEach(async () => {
  sink = await startSmtpSink(sinkPort());
  await sql(
    `update site_settings set smtp_server = '127.0.0.1', smtp_port = $1, smtp_username = null, smtp_password = null,
       mailjet_api_key = null, mailjet_secret_key = null, recaptcha_site_key = null, recaptcha_secret_key = null`,
    [sinkPort()],
  );
  // Every test posts from 127.0.0.1: start each with a fresh allowance.
  await sql("delete from rate_limits");
});

test.afterEach(async () => {
  await sink?.stop();
  sink = undefined;
  await sql(
    `update site_settings set ${MAIL_SETTINGS.map((name, i) => `${name} = $${i + 1}`).join(", ")}`,
    MAIL_SETTINGS.map((name) => savedSettings[name]),
  );
});

function uniqueEmail() {
  return `visiteur-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
}

async function fillForm(page: Page, values: { name: string; email: string; serviceType?: string }) {
  await page.getByLabel("Nom complet").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page
    .getByLabel("Type de prestation")
    .selectOption({ label: values.serviceType ?? "Dépannage électrique" });
  await page.getByLabel("Objet").fill("Panne générale");
  await page.getByLabel("Message").fill("Plus aucune prise ne fonctionne depuis ce matin.");
}

async function expectBothMails(email: string, name: string) {
  const [confirmation] = await sink!.waitFor(
    (mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(email),
  );
  const [notification] = await sink!.waitFor((mail) => mail.replyTo?.text === email);
  const [company] = await sql<{ company_email: string }>("select company_email from site_settings");
  expect(JSON.stringify(notification!.to)).toContain(company!.company_email);
  expect(confirmation!.subject).toBe(`Nous avons bien reçu votre demande, ${name}`);
  expect(notification!.subject).toBe("Nouvelle demande de contact : Panne générale");
  for (const mail of [confirmation!, notification!]) {
    expect(mail.html).not.toMatch(/\{\{|\}\}/);
    expect(mail.text).not.toMatch(/\{\{|\}\}/);
    expect(mail.text).toContain("Dépannage électrique");
    expect(mail.text).toContain("06 12 34 56 78");
  }
  return { confirmation: confirmation!, notification: notification! };
}

test.describe("contact page", () => {
  test("a request is stored and both e-mails reach the SMTP server, HTML escaped", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail();
    await page.goto("/contact");
    await expect(page).toHaveTitle(/^Contact \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
    await expect(page.getByText("Lundi – Vendredi")).toBeVisible();

    await fillForm(page, { name: "<b>Jean</b>", email });
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
    // The toast is the script's; the success panel is the page's in both cases.
    if (javaScriptEnabled) await expect(page.getByText("Message envoyé", { exact: true })).toBeVisible();
    const [contact] = await sql("select name, status, service_type from contacts where email = $1", [email]);
    expect(contact).toEqual({ name: "<b>Jean</b>", status: "new", service_type: "depannage" });

    const { confirmation, notification } = await expectBothMails(email, "<b>Jean</b>");
    expect(confirmation.html).toContain("Bonjour &lt;b&gt;Jean&lt;&#x2F;b&gt;,");
    expect(notification.html).toContain("&lt;b&gt;Jean&lt;&#x2F;b&gt;");
    expect(notification.html).not.toContain("<b>Jean</b>");

    await page.getByRole("link", { name: "Envoyer un autre message" }).click();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(page.getByLabel("Type de prestation")).toHaveValue("autre");
  });

  test("works without JavaScript: plain POST, errors inline with values kept, then success", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail();
    await page.goto("/contact");

    await fillForm(page, { name: "J", email: "pas-un-email" });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Le nom doit contenir au moins 2 caractères")).toBeVisible();
    await expect(page.getByText("Email invalide")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("J");
    await expect(page.getByLabel("Email")).toHaveValue("pas-un-email");
    await expect(page.getByLabel("Message")).toHaveValue("Plus aucune prise ne fonctionne depuis ce matin.");
    await expect(page.getByLabel("Type de prestation")).toHaveValue("depannage");

    await page.getByLabel("Nom complet").fill("Marie Sans-JS");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
    expect(await sql("select status from contacts where email = $1", [email])).toEqual([{ status: "new" }]);
    await expectBothMails(email, "Marie Sans-JS");

    await page.getByRole("link", { name: "Envoyer un autre message" }).click();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await context.close();
  });

  test("shows the spec's validation messages in the browser", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    for (const message of [
      "Le nom doit contenir au moins 2 caractères",
      "Email invalide",
      "Numéro de téléphone invalide",
      "Objet trop court",
      "Message trop court",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Nom complet")).toHaveAttribute("aria-invalid", "true");
    // Without scripts the server gave these messages; only the form's script checks as one types.
    if (!javaScriptEnabled) return;
    // Fixed as the visitor types.
    await page.getByLabel("Objet").fill("Devis");
    await expect(page.getByText("Objet trop court")).toHaveCount(0);
  });

  test("a request is kept while the mail server is down, and its e-mails leave once it is back", async ({
    page,
  }) => {
    await sink!.stop();
    sink = undefined;
    const email = uniqueEmail();
    await page.goto("/contact");
    await fillForm(page, { name: "Paul Panne", email });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();

    const [contact] = await sql<{ id: string }>("select id from contacts where email = $1", [email]);
    expect(contact).toBeDefined();
    await expect
      .poll(async () =>
        sql("select status, attempts > 0 as tried from email_outbox where contact_id = $1", [contact!.id]),
      )
      .toEqual([
        { status: "pending", tried: true },
        { status: "pending", tried: true },
      ]);

    sink = await startSmtpSink(sinkPort());
    // Skip the backoff delay rather than wait it out.
    await sql("update email_outbox set next_attempt_at = now() where contact_id = $1", [contact!.id]);
    await expectBothMails(email, "Paul Panne");
    await expect
      .poll(async () => sql("select distinct status from email_outbox where contact_id = $1", [contact!.id]))
      .toEqual([{ status: "sent" }]);
  });

  test("the home page form posts to /contact and shows the result in place", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail();
    await page.goto("/#contact");
    const section = page.locator("#contact");
    await section.getByLabel("Nom complet").fill("Hélène Accueil");
    await section.getByLabel("Email").fill(email);
    await section.getByLabel("Téléphone").fill("05 55 00 00 00");
    await section.getByLabel("Objet").fill("Rénovation cuisine");
    await section.getByLabel("Message").fill("Je souhaite refaire l'électricité de ma cuisine.");
    await section.getByRole("button", { name: "Envoyer le message" }).click();
    if (javaScriptEnabled) {
      await expect(section.getByText("Message envoyé avec succès!")).toBeVisible();
      await expect(page).toHaveURL(/\/(#contact)?$/);
    } else {
      // A plain POST: the answer is /contact's page, with the success panel.
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
    }
    expect(await sql("select service_type from contacts where email = $1", [email])).toEqual([
      { service_type: "autre" },
    ]);
  });
});

test.describe("robot check", () => {
  scriptsOnly("Google's reCAPTCHA widget is a script: without scripts no request can pass it");
  let verifier: Server;
  const verifications: URLSearchParams[] = [];

  test.beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const params = new URLSearchParams(body);
        verifications.push(params);
        const ok = req.url === "/recaptcha/siteverify" && params.get("response") === "fake-token-ok";
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => verifier.listen(e2e.stubPort, "127.0.0.1", resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => verifier.close(resolve));
  });

  async function turnOn() {
    await sql(
      "update site_settings set enable_recaptcha = true, recaptcha_site_key = 'site-key-e2e', recaptcha_secret_key = 'secret-e2e'",
    );
  }

  /** Google's api.js stand-in: a checkbox widget filling g-recaptcha-response like the real one. */
  async function fakeGoogle(page: Page) {
    await page.route("https://www.google.com/recaptcha/api.js**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: FAKE_GRECAPTCHA }),
    );
  }

  test("must be completed, is verified on the server, then the request goes through", async ({ page }) => {
    await turnOn();
    await fakeGoogle(page);
    const email = uniqueEmail();
    await expect(async () => {
      await page.goto("/contact");
      // The form's code, Google's widget with it, loads once the visitor is about to use the form.
      await page.getByLabel("Nom complet").click();
      await expect(page.getByRole("checkbox", { name: "Je ne suis pas un robot" })).toBeVisible({
        timeout: 2000,
      });
    }).toPass();

    await fillForm(page, { name: "Robot Non", email });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Veuillez confirmer que vous n'êtes pas un robot").first()).toBeVisible();
    await expect(page.getByText("Erreur de validation")).toBeVisible();
    expect(await sql("select 1 from contacts where email = $1", [email])).toHaveLength(0);

    await page.getByRole("checkbox", { name: "Je ne suis pas un robot" }).check();
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
    expect(verifications.at(-1)?.get("secret")).toBe("secret-e2e");
    expect(await sql("select status from contacts where email = $1", [email])).toEqual([{ status: "new" }]);
    // The secret never reaches the browser.
    expect(await page.content()).not.toContain("secret-e2e");
  });

  test("a forged token is refused by the server with the error toast", async ({ page }) => {
    await turnOn();
    await fakeGoogle(page);
    const email = uniqueEmail();
    await expect(async () => {
      await page.goto("/contact");
      // The form's code, Google's widget with it, loads once the visitor is about to use the form.
      await page.getByLabel("Nom complet").click();
      await expect(page.getByRole("checkbox", { name: "Je ne suis pas un robot" })).toBeVisible({
        timeout: 2000,
      });
    }).toPass();
    await fillForm(page, { name: "Faux Jeton", email });
    await page.getByRole("checkbox", { name: "Je ne suis pas un robot" }).check();
    await page.evaluate(() => {
      document.querySelector<HTMLTextAreaElement>("textarea[name=g-recaptcha-response]")!.value = "forged";
    });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(
      page.getByText("Impossible d'envoyer votre message. Veuillez réessayer plus tard.").first(),
    ).toBeVisible();
    expect(await sql("select 1 from contacts where email = $1", [email])).toHaveLength(0);
  });

  test("shows 'Erreur reCAPTCHA' when Google's script cannot load", async ({ page }) => {
    await turnOn();
    await page.route("https://www.google.com/recaptcha/api.js**", (route) => route.abort());
    await expect(async () => {
      await page.goto("/contact");
      await page.getByLabel("Nom complet").click();
      await expect(page.getByText("Erreur reCAPTCHA")).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(page.getByText("Erreur lors du chargement de reCAPTCHA")).toBeVisible();
  });

  test("when off, Google's script is never requested and requests go through", async ({ page }) => {
    const google: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("google.com/recaptcha")) google.push(request.url());
    });
    const email = uniqueEmail();
    await page.goto("/contact");
    await fillForm(page, { name: "Sans Robot", email });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
    expect(google).toEqual([]);
  });
});

const FAKE_GRECAPTCHA = `
(() => {
  const widgets = [];
  window.grecaptcha = {
    render(container, params) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      label.append(box, " Je ne suis pas un robot");
      const field = document.createElement("textarea");
      field.name = "g-recaptcha-response";
      field.hidden = true;
      box.addEventListener("change", () => {
        field.value = box.checked ? "fake-token-ok" : "";
        if (box.checked) params.callback && params.callback(field.value);
        else params["expired-callback"] && params["expired-callback"]();
      });
      container.append(label, field);
      widgets.push({ box, field });
      return widgets.length - 1;
    },
    reset(id = 0) {
      const widget = widgets[id];
      if (widget) { widget.box.checked = false; widget.field.value = ""; }
    },
  };
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  if (onload) window[onload]();
})();
`;
