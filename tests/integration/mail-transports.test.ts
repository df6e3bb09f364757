import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { emailOutbox, siteSettings, users } from "~/server/db/schema";
import { submitContact } from "~/server/contacts/contact-form.server";
import { mailDeliveryWarnings, outboxStatusLabel } from "~/lib/admin/outbox";
import { checkMailConfiguration } from "~/server/mail/mail-check.server";
import { getMailDeliveryAlerts } from "~/server/mail/outbox-admin.server";
import { sendTestEmail } from "~/server/mail/test-email.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const request = {
  name: "<b>Jean</b>",
  email: "jean@exemple.fr",
  phone: "0612345678",
  subject: "Panne au tableau",
  message: "Plus de courant dans la cuisine depuis ce matin.",
  serviceType: "depannage",
};
let ip = 0;
async function submit() {
  const data = new FormData();
  for (const [key, value] of Object.entries(request)) data.set(key, value);
  const answer = await submitContact(data, { clientIp: `203.0.113.${++ip}` });
  expect(answer.outcome).toBe("success");
}

/** Runs the real worker (transport chosen from the settings) until the outbox is empty. */
async function deliver() {
  const worker = startMailWorker({ intervalMs: 60_000 });
  await worker.runOnce();
  await worker.stop();
  return db().select().from(emailOutbox).orderBy(emailOutbox.templateName);
}

const noProvider = {
  mailjetApiKey: null,
  mailjetSecretKey: null,
  smtpServer: null,
  smtpPort: null,
  smtpUsername: null,
  smtpPassword: null,
};
let dataDir: string;

beforeEach(async () => {
  await db().execute(sql`truncate contacts, email_outbox, rate_limits cascade`);
  await db().update(siteSettings).set(noProvider);
  dataDir = await mkdtemp(path.join(tmpdir(), "h5-mail-"));
  process.env.DATA_DIR = dataDir;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("SMTP transport", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.stop());

  it("delivers both e-mails of a request to the SMTP server, logged in", async () => {
    await db()
      .update(siteSettings)
      .set({ smtpServer: "127.0.0.1", smtpPort: sink.port, smtpUsername: "betic", smtpPassword: "s3cret" });
    await submit();
    const rows = await deliver();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);

    const [settings] = await db().select().from(siteSettings);
    const [confirmation] = await sink.waitFor(
      (mail) => mail.subject?.startsWith("Nous avons bien reçu") ?? false,
    );
    const [notification] = await sink.waitFor(
      (mail) => mail.subject?.startsWith("Nouvelle demande") ?? false,
    );
    expect(confirmation!.to).toMatchObject({ text: "jean@exemple.fr" });
    expect(confirmation!.from?.value[0]).toMatchObject({
      address: settings!.fromEmail,
      name: settings!.mailjetFromName,
    });
    expect(confirmation!.replyTo?.text).toBe(settings!.replyToEmail);
    expect(confirmation!.subject).toBe("Nous avons bien reçu votre demande, <b>Jean</b>");
    expect(confirmation!.html).toContain("Bonjour &lt;b&gt;Jean&lt;&#x2F;b&gt;,");
    expect(confirmation!.text).toContain("Prestation : Dépannage électrique");
    expect(notification!.to).toMatchObject({ text: settings!.companyEmail });
    expect(notification!.replyTo?.text).toBe("jean@exemple.fr");
    expect(sink.logins).toContain("betic:s3cret");
  });

  it("checks the connection over TLS and sends a test e-mail through the outbox", async () => {
    await db().update(siteSettings).set({ smtpServer: "localhost", smtpPort: sink.port });
    expect(await checkMailConfiguration()).toEqual({
      valid: true,
      provider: "smtp",
      message: "Connexion établie avec succès!",
    });
    const worker = startMailWorker({ intervalMs: 60_000 });
    try {
      const [admin] = await db()
        .insert(users)
        .values({ name: "Admin", email: "admin@exemple.fr", role: "admin" })
        .returning();
      const result = await sendTestEmail(
        { actor: { id: admin!.id, email: admin!.email } },
        "admin@exemple.fr",
        "contact_notification",
      );
      expect(result).toEqual({ success: true, message: "Email de test envoyé avec succès!" });
    } finally {
      await worker.stop();
    }
    const [mail] = await sink.waitFor((m) => m.subject?.startsWith("[Test] Nouvelle demande") ?? false);
    expect(mail!.to).toMatchObject({ text: "admin@exemple.fr" });
    expect(mail!.html).toContain("Jean Dupont");
    const [row] = await db().select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", templateName: "contact_notification", lastError: null });
  });

  it("keeps the mail pending while the server is down, with a French reason and no address", async () => {
    const down = await startSmtpSink();
    const port = down.port;
    await down.stop();
    await db().update(siteSettings).set({ smtpServer: "127.0.0.1", smtpPort: port });
    await submit();
    const rows = await deliver();
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(rows[0]!.lastError).toBe("Connexion impossible au serveur SMTP : vérifiez le serveur et le port.");
    const check = await checkMailConfiguration();
    expect(check).toEqual({ valid: false, provider: "smtp", message: rows[0]!.lastError });
    expect(check.message).not.toContain(String(port));
  });

  it("refuses a server that offers no encryption, before sending any password", async () => {
    const plain = await startSmtpSink(0, { starttls: false });
    try {
      await db().update(siteSettings).set({
        smtpServer: "127.0.0.1",
        smtpPort: plain.port,
        smtpUsername: "betic",
        smtpPassword: "s3cret",
      });
      expect(await checkMailConfiguration()).toMatchObject({
        valid: false,
        message: expect.stringContaining("ne propose pas de connexion chiffrée (STARTTLS)"),
      });
      await submit();
      const rows = await deliver();
      expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
      expect(plain.logins).toEqual([]);
      expect(plain.messages).toEqual([]);
    } finally {
      await plain.stop();
    }
  });

  it("reports refused credentials and a certificate it cannot trust", async () => {
    const strict = await startSmtpSink(0, { credentials: { user: "betic", pass: "la-bonne" } });
    try {
      await db().update(siteSettings).set({
        smtpServer: "localhost",
        smtpPort: strict.port,
        smtpUsername: "betic",
        smtpPassword: "pas-la-bonne",
      });
      expect((await checkMailConfiguration()).message).toBe(
        "Identifiants SMTP refusés : vérifiez le nom d'utilisateur et le mot de passe.",
      );
      await db().update(siteSettings).set({ smtpPassword: "la-bonne" });
      expect((await checkMailConfiguration()).valid).toBe(true);
    } finally {
      await strict.stop();
    }
    const selfSigned = await startSmtpSink(0, { certificate: "untrusted" });
    try {
      await db().update(siteSettings).set({ smtpPort: selfSigned.port });
      expect((await checkMailConfiguration()).message).toBe(
        "Le certificat TLS du serveur SMTP n'est pas valide (expiré, auto-signé ou établi pour un autre nom).",
      );
      expect(selfSigned.logins).toEqual([]);
    } finally {
      await selfSigned.stop();
    }
  });

  it("gives up a check after 10 seconds on a server that never answers", async () => {
    const silent = createNetServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      await db().update(siteSettings).set({ smtpServer: "127.0.0.1", smtpPort: port });
      expect(await checkMailConfiguration()).toMatchObject({
        valid: false,
        message: expect.stringMatching(/ne répond pas/),
      });
    } finally {
      silent.close();
    }
  });

  it("says what is missing when nothing is configured", async () => {
    expect(await checkMailConfiguration()).toEqual({
      valid: false,
      provider: null,
      message:
        "La configuration Mailjet est incomplète. Veuillez configurer les paramètres Mailjet dans les paramètres du site.",
    });
    await db().update(siteSettings).set({ mailjetApiKey: "seulement-une-cle" });
    expect((await checkMailConfiguration()).message).toBe(
      "Informations de connexion Mailjet incomplètes. Veuillez fournir une clé API, une clé secrète et une adresse email d'expédition.",
    );
  });
});

describe("Mailjet transport", () => {
  let stub: Server;
  const calls: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let reply = { status: 200, body: { Messages: [{ Status: "success" }] } as unknown };

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        calls.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    process.env.MAILJET_API_URL = `http://127.0.0.1:${(stub.address() as { port: number }).port}/mailjet`;
  });
  afterAll(async () => {
    delete process.env.MAILJET_API_URL;
    await new Promise((resolve) => stub.close(resolve));
  });
  beforeEach(async () => {
    calls.length = 0;
    reply = { status: 200, body: { Messages: [{ Status: "success" }] } };
    // SMTP is configured too: Mailjet keys take precedence.
    await db().update(siteSettings).set({
      mailjetApiKey: "api-key",
      mailjetSecretKey: "secret-key",
      smtpServer: "127.0.0.1",
      smtpPort: 1,
    });
  });

  it("posts each message to the Send API v3.1 with basic auth", async () => {
    await submit();
    const rows = await deliver();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
    expect(calls).toHaveLength(2);
    const [settings] = await db().select().from(siteSettings);
    for (const call of calls) {
      expect(call.method).toBe("POST");
      expect(call.url).toBe("/mailjet/v3.1/send");
      expect(call.headers.authorization).toBe(
        `Basic ${Buffer.from("api-key:secret-key").toString("base64")}`,
      );
      expect(call.headers["content-type"]).toBe("application/json");
    }
    const messages = calls.map(
      (call) => (JSON.parse(call.body) as { Messages: Record<string, unknown>[] }).Messages,
    );
    expect(messages.every((list) => list.length === 1)).toBe(true);
    const confirmation = messages
      .flat()
      .find((m) => (m.To as { Email: string }[])[0]!.Email === "jean@exemple.fr")!;
    expect(confirmation).toMatchObject({
      From: { Email: settings!.fromEmail, Name: settings!.mailjetFromName },
      ReplyTo: { Email: settings!.replyToEmail },
      Subject: "Nous avons bien reçu votre demande, <b>Jean</b>",
      CustomID: rows.find((row) => row.templateName === "contact_confirmation")!.id,
    });
    expect(confirmation.HTMLPart).toContain("&lt;b&gt;Jean&lt;&#x2F;b&gt;");
    expect(confirmation.TextPart).toContain("Bonjour <b>Jean</b>,");
    expect(await checkMailConfiguration()).toEqual({
      valid: true,
      provider: "mailjet",
      message: "Connexion établie avec succès!",
    });
  });

  it("records Mailjet's refusal and retries later", async () => {
    reply = { status: 401, body: { ErrorMessage: "API key authentication/authorization failure" } };
    await submit();
    const rows = await deliver();
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(rows[0]!.lastError).toBe("Clés Mailjet refusées : vérifiez la clé API et la clé secrète.");
    expect(await checkMailConfiguration()).toEqual({
      valid: false,
      provider: "mailjet",
      message: "Clés Mailjet refusées : vérifiez la clé API et la clé secrète.",
    });
    expect(calls.at(-1)).toMatchObject({ method: "GET", url: "/mailjet/v3/REST/user" });
  });

  it("treats a message-level error as a failure", async () => {
    reply = {
      status: 400,
      body: { Messages: [{ Status: "error", Errors: [{ ErrorMessage: "Invalid email" }] }] },
    };
    await submit();
    const rows = await deliver();
    expect(rows[0]!.lastError).toBe("Mailjet a refusé l'envoi (erreur 400) : Invalid email.");
  });
});

describe("no provider configured", () => {
  afterEach(() => {
    delete process.env.MAIL_TRANSPORT;
  });

  it("keeps mail waiting, never sent nor written, told to staff; configuring SMTP sends it", async () => {
    await submit();
    const waiting = await deliver();
    expect(waiting.map((row) => [row.status, row.attempts, row.sentAt])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    await expect(readdir(path.join(dataDir, "mail"))).rejects.toThrow();
    expect(await getMailDeliveryAlerts()).toEqual({ waiting: 2, failed: 0, canSend: false });
    expect(outboxStatusLabel("pending", false)).toBe("En attente de configuration");
    expect(await checkMailConfiguration()).toMatchObject({ valid: false, provider: null });

    const sink = await startSmtpSink();
    try {
      await db().update(siteSettings).set({ smtpServer: "127.0.0.1", smtpPort: sink.port });
      const rows = await deliver();
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
      expect(await sink.waitFor(() => true, { count: 2 })).toHaveLength(2);
      expect(await getMailDeliveryAlerts()).toEqual({ waiting: 0, failed: 0, canSend: true });
    } finally {
      await sink.stop();
    }
  });

  it("writes each message as an .eml file in DATA_DIR/mail only with MAIL_TRANSPORT=file", async () => {
    process.env.MAIL_TRANSPORT = "file";
    await submit();
    const rows = await deliver();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
    const files = (await readdir(path.join(dataDir, "mail"))).sort();
    expect(files).toHaveLength(2);
    for (const row of rows) expect(files.some((file) => file.includes(row.id))).toBe(true);
    const parsed = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(path.join(dataDir, "mail", file)))),
    );
    const confirmation = parsed.find(
      (mail) => mail.to && "text" in mail.to && mail.to.text === "jean@exemple.fr",
    )!;
    expect(confirmation.subject).toBe("Nous avons bien reçu votre demande, <b>Jean</b>");
    expect(confirmation.html).toContain("&lt;b&gt;Jean&lt;&#x2F;b&gt;");
    expect(await checkMailConfiguration()).toMatchObject({ valid: false, provider: null });
  });

  it("counts mail given up for every staff member's banner", async () => {
    await submit();
    await db().update(emailOutbox).set({ status: "failed", lastError: "refusé" });
    expect(await getMailDeliveryAlerts()).toEqual({ waiting: 0, failed: 2, canSend: false });
    expect(mailDeliveryWarnings({ waiting: 1, failed: 2 }).map((warning) => warning.text)).toEqual([
      "Aucun fournisseur d'e-mail n'est configuré : 1 e-mail en attente.",
      "2 e-mails n'ont pas pu être envoyés.",
    ]);
  });
});
