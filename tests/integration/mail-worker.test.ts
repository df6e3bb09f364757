import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema";
import { enqueueEmail } from "~/server/mail/outbox.server";
import { describeMailError } from "~/server/mail/mail-errors.server";
import type { Email, MailTransport } from "~/server/mail/transports.server";
import { retryDelayMs, startMailWorker, type MailWorker } from "~/server/mail/worker.server";

/** A transport that records what it is given and fails while `failures` remain. */
function fakeTransport(options: { failures?: number; delayMs?: number } = {}) {
  let failures = options.failures ?? 0;
  const sent: Email[] = [];
  const transport: MailTransport = {
    kind: "file",
    async send(email) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures--;
        throw new Error("provider unavailable");
      }
      sent.push(email);
    },
    async verify() {},
    close() {},
  };
  return { transport, sent };
}

async function queue(count: number) {
  for (let i = 0; i < count; i++) {
    await enqueueEmail(db(), {
      templateName: "contact_confirmation",
      toAddress: `visiteur${i}@exemple.fr`,
      subject: `Sujet ${i}`,
      htmlBody: `<p>${i}</p>`,
      textBody: `${i}`,
    });
  }
}

const rows = () => db().select().from(emailOutbox).orderBy(emailOutbox.toAddress);
const makeDue = () =>
  db().execute(sql`update email_outbox set next_attempt_at = now() where status = 'pending'`);

let workers: MailWorker[] = [];
function worker(options: Parameters<typeof startMailWorker>[0]) {
  const started = startMailWorker({ intervalMs: 60_000, ...options });
  workers.push(started);
  return started;
}

beforeEach(async () => {
  await db().execute(sql`truncate email_outbox cascade`);
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

describe("mail worker", () => {
  it("backs off exponentially, capped", () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it("sends a queued message once and marks it sent", async () => {
    await queue(1);
    const { transport, sent } = fakeTransport();
    const w = worker({ transport: () => transport });
    await w.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "visiteur0@exemple.fr",
      subject: "Sujet 0",
      html: "<p>0</p>",
      text: "0",
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    await w.runOnce();
    expect(sent).toHaveLength(1);
  });

  it("retries a failing provider with growing delays, then succeeds", async () => {
    await queue(1);
    const { transport, sent } = fakeTransport({ failures: 2 });
    const w = worker({ transport: () => transport, retryBaseMs: 60_000, maxAttempts: 5 });

    await w.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: describeMailError(new Error("provider unavailable")),
    });
    let delay = row!.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(55_000);
    expect(delay).toBeLessThanOrEqual(60_000);

    // Not due yet: nothing happens.
    await w.runOnce();
    expect((await rows())[0]!.attempts).toBe(1);

    await makeDue();
    await w.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    delay = row!.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(115_000);
    expect(delay).toBeLessThanOrEqual(120_000);

    await makeDue();
    await w.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(sent).toHaveLength(1);
  });

  it("gives up as 'failed' after the last attempt, keeping the error", async () => {
    await queue(1);
    const { transport } = fakeTransport({ failures: 99 });
    const w = worker({ transport: () => transport, maxAttempts: 3 });
    for (let i = 0; i < 5; i++) {
      await makeDue();
      await w.runOnce();
    }
    const [row] = await rows();
    // Staff read a French summary; the provider's raw words go to the log.
    expect(row).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: describeMailError(new Error("provider unavailable")),
    });
  });

  it("hands each message to one worker only when several claim at once (SKIP LOCKED)", async () => {
    await queue(30);
    const a = fakeTransport({ delayMs: 20 });
    const b = fakeTransport({ delayMs: 20 });
    const first = worker({ transport: () => a.transport, batchSize: 4 });
    const second = worker({ transport: () => b.transport, batchSize: 4 });
    await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);

    const addresses = [...a.sent, ...b.sent].map((email) => email.to);
    expect(addresses).toHaveLength(30);
    expect(new Set(addresses).size).toBe(30);
    // Both really took part.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("takes over a message whose sender died mid-send once its lease has expired", async () => {
    await queue(1);
    // As left by a process killed while sending.
    await db().execute(
      sql`update email_outbox set status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 second'`,
    );
    const { transport, sent } = fakeTransport();
    await worker({ transport: () => transport }).runOnce();
    expect(sent).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("lets an in-flight send finish when stopped", async () => {
    await queue(1);
    const { transport, sent } = fakeTransport({ delayMs: 300 });
    const w = worker({ transport: () => transport, intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await w.stop();
    expect(sent).toHaveLength(1);
    expect((await rows())[0]!.status).toBe("sent");
  });
});
