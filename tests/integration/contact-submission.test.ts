import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { contacts, emailOutbox, emailTemplates, siteSettings } from "~/server/db/schema";
import { submitContact } from "~/server/contacts/contact-form.server";

const valid = {
  name: "Jean Dupont",
  email: "jean.dupont@exemple.fr",
  phone: "06 12 34 56 78",
  subject: "Devis tableau électrique",
  message: "Bonjour, je voudrais remplacer mon tableau électrique.",
  serviceType: "renovation",
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** A port nothing listens on any more. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let ipCounter = 0;
/** A fresh client address per call, so the rate limit only bites where a test wants it to. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.templateName);
const storedContacts = () => db().select().from(contacts);

beforeEach(async () => {
  await db().execute(sql`truncate contacts, email_outbox, rate_limits cascade`);
});

describe("contact submission", () => {
  it("keeps the page that brought the visitor: the form's value, else the Referer of our own site", async () => {
    const sourceOf = async (values: Record<string, string>, referer: string | null) => {
      await db().execute(sql`truncate contacts cascade`);
      await submitContact(form({ ...valid, ...values }), {
        clientIp: freshIp(),
        referer,
        ownHost: "betic.test",
      });
      return (await storedContacts())[0]!.sourcePage;
    };
    expect(
      await sourceOf({ sourcePage: "/projects/renovation-maison?utm=x" }, "https://betic.test/contact"),
    ).toBe("/projects/renovation-maison");
    expect(await sourceOf({ sourcePage: "" }, "https://betic.test/contact?x=1")).toBe("/contact");
    expect(await sourceOf({ sourcePage: "//evil.example/x" }, "https://evil.example/")).toBeNull();
    expect(await sourceOf({ sourcePage: "/admin/contacts" }, null)).toBeNull();
    // What a browser reads as another host, once tabs are dropped and backslashes read as slashes.
    for (const forged of ["/\\evil.example", "/\t/evil.example", "/\\/evil.example", "/a/..//evil.example"]) {
      expect(await sourceOf({ sourcePage: forged }, null), forged).toBeNull();
    }
    expect(await sourceOf({}, "not a url")).toBeNull();
  });

  it("stores the request as 'new', then queues the confirmation and the notification", async () => {
    const answer = await submitContact(form(valid), { clientIp: freshIp() });
    expect(answer.outcome).toBe("success");

    const [contact, ...others] = await storedContacts();
    expect(others).toHaveLength(0);
    expect(contact).toMatchObject({
      name: "Jean Dupont",
      email: "jean.dupont@exemple.fr",
      phone: "06 12 34 56 78",
      subject: "Devis tableau électrique",
      serviceType: "renovation",
      status: "new",
    });

    const [settings] = await db().select().from(siteSettings);
    const [confirmation, notification] = await outbox();
    expect(confirmation).toMatchObject({
      templateName: "contact_confirmation",
      contactId: contact!.id,
      toAddress: "jean.dupont@exemple.fr",
      replyTo: settings!.replyToEmail,
      status: "pending",
      attempts: 0,
    });
    expect(confirmation!.subject).toBe("Nous avons bien reçu votre demande, Jean Dupont");
    expect(confirmation!.htmlBody).toContain("Prestation : Rénovation électrique");
    expect(confirmation!.textBody).not.toContain("je voudrais remplacer");
    expect(notification!.textBody).toContain("Bonjour, je voudrais remplacer mon tableau électrique.");
    expect(notification).toMatchObject({
      templateName: "contact_notification",
      contactId: contact!.id,
      toAddress: settings!.companyEmail,
      replyTo: "jean.dupont@exemple.fr",
      subject: "Nouvelle demande de contact : Devis tableau électrique",
    });
    expect(notification!.textBody).toContain("Téléphone : 06 12 34 56 78");
    for (const mail of [confirmation!, notification!]) {
      expect(mail.htmlBody).not.toMatch(/\{\{|\}\}/);
      expect(mail.textBody).not.toMatch(/\{\{|\}\}/);
    }
  });

  it("escapes the visitor's HTML in the HTML part only", async () => {
    await submitContact(
      form({ ...valid, name: "<b>Jean</b> & Fils", message: `<script>alert("x")</script> au secours !` }),
      { clientIp: freshIp() },
    );
    const [confirmation, notification] = await outbox();
    for (const mail of [confirmation!, notification!]) {
      expect(mail.htmlBody).toContain("&lt;b&gt;Jean&lt;&#x2F;b&gt; &amp; Fils");
      expect(mail.htmlBody).not.toContain("<b>Jean</b>");
      expect(mail.htmlBody).not.toContain("<script>");
    }
    expect(notification!.htmlBody).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;");
    // The visitor's own text goes to the company only: the confirmation, sent to whatever address
    // was typed, cannot carry it to a third party.
    expect(confirmation!.htmlBody).not.toContain("au secours");
    expect(confirmation!.textBody).not.toContain("au secours");
    expect(confirmation!.textBody).toContain("Bonjour <b>Jean</b> & Fils,");
    expect(confirmation!.subject).toBe("Nous avons bien reçu votre demande, <b>Jean</b> & Fils");
  });

  it("refuses invalid input with the spec's French messages and stores nothing", async () => {
    const answer = await submitContact(
      form({ name: "J", email: "pas-un-email", phone: "123", subject: "ab", message: "court" }),
      { clientIp: freshIp() },
    );
    expect(answer.outcome).toBe("invalid");
    expect(answer.result.error).toEqual({
      name: ["Le nom doit contenir au moins 2 caractères"],
      email: ["Email invalide"],
      phone: ["Numéro de téléphone invalide"],
      subject: ["Objet trop court"],
      message: ["Message trop court"],
    });
    // The values come back, so the form shows them again.
    expect(answer.result.initialValue).toMatchObject({ name: "J", email: "pas-un-email" });
    expect(await storedContacts()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("defaults the service type to 'autre'", async () => {
    const { serviceType: _ignored, ...withoutType } = valid;
    await submitContact(form(withoutType), { clientIp: freshIp() });
    const [contact] = await storedContacts();
    expect(contact!.serviceType).toBe("autre");
    const [confirmation] = await outbox();
    expect(confirmation!.htmlBody).toContain("Prestation : Autre demande");
  });

  it("lets a filled honeypot believe it succeeded, and keeps nothing", async () => {
    const answer = await submitContact(form({ ...valid, website: "http://spam.example" }), {
      clientIp: freshIp(),
    });
    expect(answer.outcome).toBe("success");
    expect(await storedContacts()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("limits each client to 5 requests in 10 minutes", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await submitContact(form(valid), { clientIp: ip })).outcome).toBe("success");
    }
    const refused = await submitContact(form(valid), { clientIp: ip });
    expect(refused.outcome).toBe("error");
    expect(refused.retryAfterSeconds).toBeGreaterThan(9 * 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10 * 60);
    const [settings] = await db().select().from(siteSettings);
    expect(refused.message).toBe(
      `Trop de demandes envoyées. Réessayez dans 10 minutes ou appelez-nous au ${settings!.companyPhone}.`,
    );
    expect(await storedContacts()).toHaveLength(5);
    // Someone else is not affected.
    expect((await submitContact(form(valid), { clientIp: freshIp() })).outcome).toBe("success");
  });

  it("caps confirmations per recipient address and per hour; the request and the notice still go", async () => {
    const target = { ...valid, email: "victime@exemple.fr" };
    for (let i = 0; i < 4; i++) {
      expect((await submitContact(form(target), { clientIp: freshIp() })).outcome).toBe("success");
    }
    const mails = await outbox();
    expect(mails.filter((mail) => mail.templateName === "contact_confirmation")).toHaveLength(3);
    expect(mails.filter((mail) => mail.templateName === "contact_notification")).toHaveLength(4);
    expect(await storedContacts()).toHaveLength(4);
    // Another visitor still gets theirs.
    await submitContact(form(valid), { clientIp: freshIp() });
    expect(
      (await outbox()).filter(
        (mail) => mail.templateName === "contact_confirmation" && mail.toAddress === valid.email,
      ),
    ).toHaveLength(1);
  });

  it("keeps the request even when the e-mails cannot be queued", async () => {
    const saved = await db().select().from(emailTemplates);
    await db().delete(emailTemplates);
    try {
      const answer = await submitContact(form(valid), { clientIp: freshIp() });
      expect(answer.outcome).toBe("success");
      expect(await storedContacts()).toHaveLength(1);
      expect(await outbox()).toHaveLength(0);
    } finally {
      await db().insert(emailTemplates).values(saved);
    }
  });

  it("queues only the confirmation when no company e-mail is configured", async () => {
    const [settings] = await db().select().from(siteSettings);
    await db().update(siteSettings).set({ companyEmail: null });
    try {
      await submitContact(form(valid), { clientIp: freshIp() });
      expect((await outbox()).map((mail) => mail.templateName)).toEqual(["contact_confirmation"]);
    } finally {
      await db().update(siteSettings).set({ companyEmail: settings!.companyEmail });
    }
  });

  it("refuses everything while the contact form is switched off", async () => {
    await db().update(siteSettings).set({ enableContactForm: false });
    try {
      const answer = await submitContact(form(valid), { clientIp: freshIp() });
      expect(answer.outcome).toBe("error");
      expect(await storedContacts()).toHaveLength(0);
    } finally {
      await db().update(siteSettings).set({ enableContactForm: true });
    }
  });
});

describe("robot check", () => {
  let stub: Server;
  let verdict: { status: number; body: unknown } = { status: 200, body: { success: true } };
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    stub = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push(new URLSearchParams(body));
        response.writeHead(verdict.status, { "content-type": "application/json" });
        response.end(JSON.stringify(verdict.body));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    const address = stub.address() as { port: number };
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${address.port}/siteverify`;
    await db()
      .update(siteSettings)
      .set({ enableRecaptcha: true, recaptchaSiteKey: "site-key", recaptchaSecretKey: "secret-key" });
  });
  afterAll(async () => {
    await db()
      .update(siteSettings)
      .set({ enableRecaptcha: true, recaptchaSiteKey: null, recaptchaSecretKey: null });
    delete process.env.RECAPTCHA_VERIFY_URL;
    await new Promise((resolve) => stub.close(resolve));
  });
  afterEach(() => {
    verdict = { status: 200, body: { success: true } };
    received.length = 0;
  });

  it("asks for the challenge when no token is sent", async () => {
    const answer = await submitContact(form(valid), { clientIp: freshIp() });
    expect(answer.outcome).toBe("invalid");
    expect(answer.result.error?.["g-recaptcha-response"]).toEqual([
      "Veuillez confirmer que vous n'êtes pas un robot",
    ]);
    expect(await storedContacts()).toHaveLength(0);
  });

  it("verifies the token on the server with the secret, then stores", async () => {
    const ip = freshIp();
    const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "token-123" }), {
      clientIp: ip,
    });
    expect(answer.outcome).toBe("success");
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0]!)).toEqual({
      secret: "secret-key",
      response: "token-123",
      remoteip: ip,
    });
    expect(await storedContacts()).toHaveLength(1);
  });

  it("refuses when Google says no", async () => {
    verdict = { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
    const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "forged" }), {
      clientIp: freshIp(),
    });
    expect(answer).toMatchObject({
      outcome: "error",
      message: "Impossible d'envoyer votre message. Veuillez réessayer plus tard.",
    });
    expect(await storedContacts()).toHaveLength(0);
  });

  it("fails closed when the verification service cannot be reached", async () => {
    const url = process.env.RECAPTCHA_VERIFY_URL;
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${await closedPort()}/siteverify`;
    try {
      const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "token" }), {
        clientIp: freshIp(),
      });
      expect(answer.outcome).toBe("error");
      expect(await storedContacts()).toHaveLength(0);
    } finally {
      process.env.RECAPTCHA_VERIFY_URL = url;
    }
  });

  it("fails closed on an unreadable answer", async () => {
    verdict = { status: 500, body: "oops" };
    const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "token" }), {
      clientIp: freshIp(),
    });
    expect(answer.outcome).toBe("error");
  });

  it("does not accept the 'recaptcha-disabled' token while the check is on", async () => {
    const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "recaptcha-disabled" }), {
      clientIp: freshIp(),
    });
    expect(answer.outcome).toBe("error");
    expect(received).toHaveLength(0);
    expect(await storedContacts()).toHaveLength(0);
  });

  it("is off when switched off or when a key is missing, and then any token passes", async () => {
    for (const change of [{ enableRecaptcha: false }, { recaptchaSecretKey: null }]) {
      await db()
        .update(siteSettings)
        .set({
          enableRecaptcha: true,
          recaptchaSiteKey: "site-key",
          recaptchaSecretKey: "secret-key",
          ...change,
        });
      const answer = await submitContact(form({ ...valid, "g-recaptcha-response": "recaptcha-disabled" }), {
        clientIp: freshIp(),
      });
      expect(answer.outcome).toBe("success");
    }
    expect(received).toHaveLength(0);
    expect(await storedContacts()).toHaveLength(2);
    await db()
      .update(siteSettings)
      .set({ enableRecaptcha: true, recaptchaSiteKey: "site-key", recaptchaSecretKey: "secret-key" });
  });
});

describe("stored request", () => {
  it("is there even before any e-mail is sent", async () => {
    await submitContact(form(valid), { clientIp: freshIp() });
    const [contact] = await storedContacts();
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.contactId, contact!.id));
    expect(mails.every((mail) => mail.status === "pending" && mail.sentAt === null)).toBe(true);
  });
});
