import { eq } from "drizzle-orm";
import { formatDateTime } from "~/lib/format-date";
import { RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { config } from "~/server/config.server";
import { db, type Executor } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { loadTemplate, renderEmail } from "~/server/mail/templates.server";

/**
 * The two mails of 'Mot de passe oublié ?', through the outbox like every mail, from the editable
 * templates password_reset and password_changed. Kept apart from password-reset.server.ts, which
 * calls Better Auth: Better Auth calls sendResetLink.
 */

/** Better Auth's verification rows of reset links start with this (auth.server.ts hashes the rest). */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";

/** The page where a reset link's token lets its owner choose a new password. */
export function resetLinkOf(token: string): string {
  return `${config.publicUrl}/admin/login/reset?${new URLSearchParams({ token })}`;
}

/**
 * Better Auth's sendResetPassword: queues the link for the account. Not awaited by the answer, so
 * that an address with an account is answered as fast as one without (nothing to measure). A
 * suspended account gets no link: it could not sign in with the new password anyway.
 */
export async function sendResetLink({ user, token }: { user: { id: string; email: string }; token: string }) {
  void queueResetLink(user.id, token).catch((error: unknown) =>
    logger.error({ err: error, userId: user.id }, "password reset link could not be queued"),
  );
}

async function queueResetLink(userId: string, token: string) {
  const [account] = await db()
    .select({ email: users.email, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId));
  if (!account || account.banned) return;
  const template = await loadTemplate(db(), "password_reset");
  const mail = renderEmail(template, {
    email: account.email,
    reset_url: resetLinkOf(token),
    valid_minutes: String(RESET_LINK_MINUTES),
  });
  await enqueueEmail(db(), {
    templateName: "password_reset",
    toAddress: account.email,
    subject: mail.subject,
    htmlBody: mail.html,
    textBody: mail.text,
  });
  announceEnqueued();
}

/** Queues, in the caller's transaction, the notice that the account's password was reset. */
export async function queuePasswordChangedMail(executor: Executor, account: { email: string }) {
  const template = await loadTemplate(executor, "password_changed");
  const mail = renderEmail(template, {
    email: account.email,
    changed_at: formatDateTime(new Date()),
    login_url: `${config.publicUrl}/admin/login`,
  });
  await enqueueEmail(executor, {
    templateName: "password_changed",
    toAddress: account.email,
    subject: mail.subject,
    htmlBody: mail.html,
    textBody: mail.text,
  });
}
