import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// 'Mot de passe oublié ?': the link goes by mail through the outbox into a real SMTP sink.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const SENT = "Si un compte existe pour cette adresse, un e-mail vient d'être envoyé.";
const NEW_PASSWORD = "Prise-Tableau-Disjoncteur-42";
const MAIL_SETTINGS = ["smtp_server", "smtp_port", "smtp_username", "smtp_password"] as const;

let sink: SmtpSink | undefined;
let savedSettings: Record<string, unknown>;

test.beforeAll(async () => {
  [savedSettings] = (await sql(`select ${MAIL_SETTINGS.join(", ")} from site_settings`)) as [
    Record<string, unknown>,
  ];
});

test.beforeEach(async () => {
  sink = await startSmtpSink(e2e.stubPort + 1);
  await sql(
    `update site_settings set smtp_server = '127.0.0.1', smtp_port = $1, smtp_username = null, smtp_password = null`,
    [e2e.stubPort + 1],
  );
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

/** A fresh `user` account with the e2e user's password. */
async function newAccount(prefix: string) {
  const email = `${prefix}-${Date.now()}@betic.test`;
  await sql(
    `with created as (insert into users (name, email, role) values ($1, $1, 'user') returning id)
     insert into accounts (user_id, account_id, provider_id, password)
     select created.id, created.id, 'credential', a.password from created, accounts a
       join users u on u.id = a.user_id where u.email = $2 and a.provider_id = 'credential'`,
    [email, e2e.user.email],
  );
  return { email, password: e2e.user.password };
}

async function submitSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

const dashboard = (page: Page) =>
  expect(page.getByRole("heading", { name: "Tableau de bord", level: 1, exact: true })).toBeVisible({
    timeout: 30_000,
  });

async function requestLink(page: Page, email: string) {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/forgot$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
}

/** Whether `mail` was sent to `address` (one recipient, as the outbox sends). */
const sentTo = (mail: ParsedMail, address: string) =>
  !Array.isArray(mail.to) && mail.to?.value[0]?.address === address;

function linkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/admin\/login\/reset\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  expect(link, "the mail's text holds the reset link").toBeTruthy();
  return link!;
}

test("a forgotten password: a link by mail, a new password, the old one refused and every session ended", async ({
  page,
  browser,
}) => {
  const account = await newAccount("oubli");
  const elsewhere = await (await browser.newContext()).newPage();
  await submitSignIn(elsewhere, account);
  await dashboard(elsewhere);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/login/forgot");
    await page.screenshot({ path: `/tmp/accounts2/forgot-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await requestLink(page, account.email.toUpperCase());
  await page.screenshot({ path: "/tmp/accounts2/forgot-sent-1280.png", fullPage: true });

  const [mail] = await sink!.waitFor((m) => sentTo(m, account.email), { timeoutMs: 30_000 });
  expect(mail!.subject).toBe("Réinitialisation de votre mot de passe");
  const link = linkIn(mail!);
  // The HTML part's button carries the same link (Mustache escapes it as character references).
  const href = /href="([^"]+)"/.exec(String(mail!.html))?.[1] ?? "";
  expect(
    href.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  ).toBe(link);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choisissez un nouveau mot de passe" })).toBeVisible();
  await expect(page.getByText(`Pour le compte ${account.email}.`)).toBeVisible();
  // The same rules as the profile: the confirmation must match, a common password is refused.
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("motdepasse");
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("motdepasse2");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("motdepasse");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Ce mot de passe est trop courant ou trop facile à deviner.")).toBeVisible();
  await page.screenshot({ path: "/tmp/accounts2/reset-refused-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "/tmp/accounts2/reset-refused-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirmer le nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 30_000 });
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Mot de passe mis à jour" }),
  ).toBeVisible();

  const [notice] = await sink!.waitFor((m) => sentTo(m, account.email) && m.subject !== mail!.subject, {
    timeoutMs: 30_000,
  });
  expect(notice!.subject).toBe("Votre mot de passe a été modifié");

  // The other browser's session is over.
  await elsewhere.goto("/admin/contacts");
  await expect(elsewhere).toHaveURL(/\/admin\/login/);

  // The link served once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Lien invalide ou expiré" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("il a déjà servi");

  await submitSignIn(page, account);
  await expect(page.getByRole("alert").filter({ hasText: "Email ou mot de passe incorrect" })).toBeVisible({
    timeout: 30_000,
  });
  await submitSignIn(page, { email: account.email, password: NEW_PASSWORD });
  await dashboard(page);

  const audit = await sql<{ action: string; ip_address: string | null }>(
    `select action, ip_address from audit_log
      where entity_id = (select id::text from users where email = $1)
        and action in ('password_reset_requested', 'password_reset') order by created_at`,
    [account.email],
  );
  expect(audit.map((row) => row.action)).toEqual(["password_reset_requested", "password_reset"]);
  expect(audit.every((row) => row.ip_address)).toBe(true);
  await elsewhere.context().close();
});

test("an unknown address gets the same answer and no mail; an expired link is refused in plain French", async ({
  page,
}) => {
  const unknown = `personne-${Date.now()}@betic.test`;
  await requestLink(page, unknown);

  const account = await newAccount("expire");
  await requestLink(page, account.email);
  const [mail] = await sink!.waitFor((m) => sentTo(m, account.email), { timeoutMs: 30_000 });
  // Queued after the unknown address's request: had that one queued a mail, it would be here too.
  expect(
    await sql("select 1 from email_outbox where to_address = $1", [unknown]),
    "no mail for an address without an account",
  ).toHaveLength(0);
  expect(sink!.messages.filter((m) => sentTo(m, unknown))).toHaveLength(0);

  // Opened in time, submitted after the 30 minutes.
  const link = linkIn(mail!);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choisissez un nouveau mot de passe" })).toBeVisible();
  await sql(
    `update verifications set expires_at = now() - interval '1 second'
    where value = (select id::text from users where email = $1)`,
    [account.email],
  );
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirmer le nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("heading", { name: "Lien invalide ou expiré" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("alert")).toContainText(
    "les 30 minutes pendant lesquelles il était valable sont passées",
  );
  await page.screenshot({ path: "/tmp/accounts2/reset-expired-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "/tmp/accounts2/reset-expired-375.png", fullPage: true });

  // The old password still works: nothing was changed.
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitSignIn(page, account);
  await dashboard(page);
});
