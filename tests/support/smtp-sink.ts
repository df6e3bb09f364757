import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server that keeps what it receives, parsed, for tests: the app sends through its
 * ordinary SMTP transport (nodemailer) and tests read the messages back.
 */
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

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const logins: string[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
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
