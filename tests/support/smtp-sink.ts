import { readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

const TLS_DIR = path.resolve(import.meta.dirname, "../fixtures/tls");
/**
 * The CA that signed the sink's certificate (for localhost and 127.0.0.1). The app only talks
 * SMTP over TLS, so whatever runs it in a test trusts this CA through NODE_EXTRA_CA_CERTS.
 */
export const TEST_CA_FILE = path.join(TLS_DIR, "ca.pem");

/**
 * A real SMTP server that keeps what it receives, parsed, for tests: the app sends through its
 * ordinary SMTP transport (nodemailer, STARTTLS required) and tests read the messages back.
 * Options for the failure cases: `starttls: false` offers no encryption (the app must refuse it),
 * `certificate: "untrusted"` presents a self-signed certificate, `credentials` refuses any other login.
 */
export type SmtpSinkOptions = {
  starttls?: boolean;
  certificate?: "trusted" | "untrusted";
  credentials?: { user: string; pass: string };
};

export type SmtpSink = {
  port: number;
  messages: ParsedMail[];
  /** Credentials the client logged in with (username:password), in order. */
  logins: string[];
  /** Resolves with the first `count` messages matching, waiting up to `timeoutMs`. */
  waitFor(
    predicate: (mail: ParsedMail) => boolean,
    options?: { count?: number; timeoutMs?: number },
  ): Promise<ParsedMail[]>;
  stop(): Promise<void>;
};

export async function startSmtpSink(
  port = 0,
  { starttls = true, certificate = "trusted", credentials }: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const logins: string[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    ...(starttls
      ? {
          key: readFileSync(
            path.join(TLS_DIR, certificate === "trusted" ? "smtp-key.pem" : "untrusted-key.pem"),
          ),
          cert: readFileSync(
            path.join(TLS_DIR, certificate === "trusted" ? "smtp-cert.pem" : "untrusted-cert.pem"),
          ),
        }
      : { disabledCommands: ["STARTTLS"] }),
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      if (credentials && (auth.username !== credentials.user || auth.password !== credentials.pass)) {
        callback(new Error("Invalid username or password"));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  return {
    port: boundPort,
    messages,
    logins,
    waitFor(predicate, { count = 1, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(predicate);
          if (found.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.slice(0, count));
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `SMTP sink: ${messages.filter(predicate).length}/${count} messages after ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
