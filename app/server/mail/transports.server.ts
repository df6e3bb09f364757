import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { config } from "~/server/config.server";
import type { SiteSettings } from "~/server/settings.server";

export type Email = {
  from: { address: string; name?: string };
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Our outbox id: Mailjet's CustomID and the .eml file name, to trace a message. */
  reference?: string;
};

export type MailTransport = {
  kind: "mailjet" | "smtp" | "file";
  send(email: Email): Promise<void>;
  /** Checks the provider accepts our credentials, without sending anything. */
  verify(): Promise<void>;
  close(): void;
};

/**
 * How mail leaves: .eml files in DATA_DIR/mail when MAIL_TRANSPORT=file (development, tests: never
 * sent), else the provider the settings choose: Mailjet when both its keys are set, else SMTP when
 * a server is set. None (null): mail waits in the outbox, 'En attente de configuration', until
 * staff configure a provider; it is never written somewhere nobody reads and called sent.
 */
export function mailTransportKind(settings: SiteSettings | null): MailTransport["kind"] | null {
  if (config.mailTransport === "file") return "file";
  if (settings?.mailjetApiKey && settings.mailjetSecretKey) return "mailjet";
  if (settings?.smtpServer) return "smtp";
  return null;
}

/** The transport of `mailTransportKind`, or null while no provider is configured. */
export function createMailTransport(settings: SiteSettings | null): MailTransport | null {
  switch (mailTransportKind(settings)) {
    case "file":
      return fileTransport();
    case "mailjet":
      return mailjetTransport(settings!.mailjetApiKey!, settings!.mailjetSecretKey!);
    case "smtp":
      return smtpTransport(settings!);
    default:
      return null;
  }
}

/** Who the mail comes from: the configured sender, named after the company. */
export function senderOf(settings: SiteSettings | null): Email["from"] {
  const address = settings?.fromEmail || settings?.mailjetFromEmail || settings?.companyEmail;
  if (!address) throw new Error("no sender address configured (from_email)");
  return { address, name: settings?.mailjetFromName || settings?.companyName || undefined };
}

const MAILJET_TIMEOUT_MS = 15_000;
/** The longest a configuration check waits for the provider (the back office waits on it). */
export const VERIFY_TIMEOUT_MS = 10_000;

/** Mailjet answered, but not with a success: its HTTP status and its own reason. */
export class MailjetError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
  ) {
    super(`Mailjet ${status}${reason ? `: ${reason}` : ""}`);
    this.name = "MailjetError";
  }
}

function mailjetTransport(apiKey: string, secretKey: string): MailTransport {
  const authorization = `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString("base64")}`;
  return {
    kind: "mailjet",
    async send(email) {
      const response = await fetch(`${config.mailjetApiUrl}/v3.1/send`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        signal: AbortSignal.timeout(MAILJET_TIMEOUT_MS),
        body: JSON.stringify({
          Messages: [
            {
              From: { Email: email.from.address, Name: email.from.name },
              To: [{ Email: email.to }],
              ...(email.replyTo ? { ReplyTo: { Email: email.replyTo } } : {}),
              Subject: email.subject,
              TextPart: email.text,
              HTMLPart: email.html,
              ...(email.reference ? { CustomID: email.reference } : {}),
            },
          ],
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        Messages?: { Status?: string; Errors?: { ErrorMessage?: string }[] }[];
        ErrorMessage?: string;
      } | null;
      const message = body?.Messages?.[0];
      if (!response.ok || message?.Status !== "success") {
        const reason = message?.Errors?.map((e) => e.ErrorMessage).join("; ") || body?.ErrorMessage;
        throw new MailjetError(response.status, reason || undefined);
      }
    },
    async verify() {
      const response = await fetch(`${config.mailjetApiUrl}/v3/REST/user`, {
        headers: { authorization },
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new MailjetError(response.status, undefined);
    },
    close() {},
  };
}

/**
 * SMTP over TLS only: implicit TLS on port 465, STARTTLS required on any other port, so the
 * password and the visitors' messages never cross the network in clear. A server that offers no
 * STARTTLS, or a certificate that does not verify, fails the connection.
 */
function smtpTransport(settings: SiteSettings): MailTransport {
  const port = settings.smtpPort ?? 587;
  const transporter = nodemailer.createTransport({
    host: settings.smtpServer!,
    port,
    secure: port === 465,
    requireTLS: port !== 465,
    auth: settings.smtpUsername
      ? { user: settings.smtpUsername, pass: settings.smtpPassword ?? "" }
      : undefined,
    connectionTimeout: VERIFY_TIMEOUT_MS,
    greetingTimeout: VERIFY_TIMEOUT_MS,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(email) {
      await transporter.sendMail(toNodemailer(email));
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

function fileTransport(): MailTransport {
  const directory = path.join(config.dataDir, "mail");
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(email) {
      const info = await transporter.sendMail(toNodemailer(email));
      await mkdir(directory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${email.reference ?? info.messageId}.eml`;
      await writeFile(path.join(directory, name.replace(/[^\w.-]/g, "_")), info.message as Buffer);
    },
    async verify() {
      await mkdir(directory, { recursive: true });
    },
    close() {},
  };
}

function toNodemailer(email: Email): SendMailOptions {
  return {
    from: email.from,
    to: email.to,
    replyTo: email.replyTo ?? undefined,
    subject: email.subject,
    html: email.html,
    text: email.text,
  };
}
