import { MailWarning } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { canOpen } from "~/lib/admin/admin-access";
import { mailDeliveryWarnings } from "~/lib/admin/outbox";

type Props = { waiting: number; failed: number; role: string };

/**
 * Mail that has not left, told to every staff member (dashboard, inbox): waiting for a provider,
 * or given up. Admins get the way to fix it; others know to tell one.
 */
export function MailDeliveryAlert({ waiting, failed, role }: Props) {
  const warnings = mailDeliveryWarnings({ waiting, failed });
  if (warnings.length === 0) return null;
  const admin = canOpen({ role }, "/admin/settings");
  return (
    <Alert variant="destructive" data-testid="mail-delivery-alert">
      <MailWarning aria-hidden />
      <AlertTitle>Des e-mails ne sont pas partis</AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-1">
          {warnings.map(({ kind, text }) => (
            <li key={kind}>
              {text}{" "}
              {admin ? (
                <Link
                  to={
                    kind === "waiting"
                      ? "/admin/settings?tab=email"
                      : "/admin/email-templates/outbox?status=failed"
                  }
                  className="font-medium underline"
                >
                  {kind === "waiting" ? "Configurer l'envoi des e-mails" : "Voir les envois en échec"}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        {admin ? null : <p>Prévenez un administrateur.</p>}
      </AlertDescription>
    </Alert>
  );
}
