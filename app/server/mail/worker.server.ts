import { db } from "~/server/db/client.server";
import { logger as rootLogger } from "~/server/logger.server";
import { getSiteSettings } from "~/server/settings.server";
import {
  claimDueMessages,
  markAttemptFailed,
  markSent,
  onEnqueued,
  type OutboxMessage,
} from "./outbox.server";
import { describeMailError, isPermanentRefusal } from "./mail-errors.server";
import { createMailTransport, mailTransportKind, senderOf, type MailTransport } from "./transports.server";
import { config } from "~/server/config.server";

const logger = rootLogger.child({ module: "mail" });

type Sender = ReturnType<typeof senderOf>;

export type MailWorkerOptions = {
  /** How often the outbox is polled (MAIL_WORKER_INTERVAL_MS, default 5 s). */
  intervalMs?: number;
  /** Attempts before a message is given up as 'failed'. */
  maxAttempts?: number;
  /** Delay before the first retry; doubled after each failure, up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  batchSize?: number;
  /** Tests inject a transport; by default the settings choose it for every batch. */
  transport?: () => MailTransport;
};

/** Exponential backoff: base, 2×base, 4×base... capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

// A claimed message not sent within this time (process killed mid-send) is claimed again.
const LEASE_MS = 5 * 60_000;

/**
 * Sends the outbox. Several instances may run one each: claims use FOR UPDATE SKIP LOCKED, so a
 * message is handed to one worker only. A provider outage only delays mail: the contact request
 * itself was committed before anything was queued.
 */
export function startMailWorker(options: MailWorkerOptions = {}) {
  const intervalMs = options.intervalMs ?? config.mailWorkerIntervalMs;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? config.mailRetryBaseMs;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60 * 60_000;
  const batchSize = options.batchSize ?? 10;

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(message: OutboxMessage, transport: MailTransport, from: Sender) {
    await transport.send({
      from,
      to: message.toAddress,
      replyTo: message.replyTo,
      subject: message.subject,
      html: message.htmlBody,
      text: message.textBody,
      reference: message.id,
    });
    await markSent(db(), message.id);
    logger.info(
      { outboxId: message.id, template: message.templateName, transport: transport.kind },
      "e-mail sent",
    );
  }

  async function recordFailure(message: OutboxMessage, error: unknown) {
    const giveUp = message.attempts >= maxAttempts || isPermanentRefusal(error);
    const retryInMs = retryDelayMs(message.attempts, retryBaseMs, maxRetryDelayMs);
    // Staff read this in the outbox; the log keeps the raw error.
    await markAttemptFailed(db(), message.id, describeMailError(error), { giveUp, retryInMs });
    const details = { err: error, outboxId: message.id, attempt: message.attempts, retryInMs };
    if (giveUp) logger.error(details, "e-mail failed; giving up");
    else logger.warn(details, "e-mail failed; will retry");
  }

  async function drain() {
    while (!stopped) {
      const settings = await getSiteSettings();
      // No provider: nothing is claimed, the mail stays pending ('En attente de configuration')
      // and leaves, oldest first, at the first pass after staff configure one.
      if (!options.transport && !mailTransportKind(settings)) return;
      const messages = await claimDueMessages(db(), batchSize, LEASE_MS);
      if (messages.length === 0) return;
      const transport = options.transport?.() ?? createMailTransport(settings)!;
      try {
        await Promise.all(
          messages.map((message) =>
            Promise.resolve()
              .then(() => sendOne(message, transport, senderOf(settings)))
              .catch((error: unknown) => recordFailure(message, error)),
          ),
        );
      } finally {
        transport.close();
      }
    }
  }

  /** Runs a pass now, or right after the current one if a pass is in progress. */
  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, "mail worker pass failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  const unsubscribe = onEnqueued(tick);
  timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  return {
    /** Runs one pass and waits for it (tests; the interval keeps running). */
    async runOnce() {
      tick();
      while (running) await running;
    },
    /** Stops polling; sends already handed to the provider finish first. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      unsubscribe();
      while (running) await running;
    },
  };
}

export type MailWorker = ReturnType<typeof startMailWorker>;
