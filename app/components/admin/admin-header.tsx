import { Bell, ExternalLink, LogOut, Settings } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { UserRole } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { failedMailsText } from "~/lib/admin/outbox";
import { hasRole, userRoleLabels } from "~/lib/admin/roles";
import { SIGN_OUT_INTENT } from "~/lib/schemas/users";
import type { StaffNotifications } from "~/server/contacts/inbox.server";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { plural } from "~/lib/plural";

type Props = {
  user: { email: string; name: string; role: string };
  /** null when the new requests could not be read. */
  notifications: StaffNotifications | null;
};

/** back-office.md §2.3: notifications, settings and 'Déconnexion'. */
export function AdminHeader({ user, notifications }: Props) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/admin/logout";
  const roleLabel = userRoleLabels[user.role as UserRole] ?? user.role;
  // Users cannot open the site settings: their settings are their profile.
  const settings = hasRole(user, "admin")
    ? { to: "/admin/settings", label: "Configuration du site" }
    : { to: "/admin/profile", label: "Mon profil" };

  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1 border-b bg-background/95 px-3 backdrop-blur sm:gap-2 md:px-4">
      <SidebarTrigger />
      <div className="h-5 w-px bg-border" aria-hidden />
      <p className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
        <span className="text-foreground">{user.email}</span>
        <span className="hidden sm:inline"> · {roleLabel}</span>
      </p>
      <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
        <a href="/" target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden />
          Voir le site
          <span className="sr-only"> (nouvel onglet)</span>
        </a>
      </Button>
      <Notifications notifications={notifications} isAdmin={hasRole(user, "admin")} />
      <Button asChild variant="ghost" size="icon" title={settings.label}>
        <Link to={settings.to}>
          <Settings aria-hidden />
          <span className="sr-only">{settings.label}</span>
        </Link>
      </Button>
      <Form method="post" action="/admin/logout">
        <input type="hidden" name="intent" value={SIGN_OUT_INTENT} />
        <Button type="submit" variant="outline" size="sm" disabled={signingOut}>
          <LogOut aria-hidden />
          <span className="sr-only sm:not-sr-only">Déconnexion</span>
        </Button>
      </Form>
    </header>
  );
}

/**
 * The bell: new requests, the open requests assigned to the reader and mails given up (issue 22).
 * Its figure counts each request once: the new ones, plus the reader's own requests in progress;
 * plus the mails given up (only an admin can open the outbox to send them again).
 */
function Notifications({
  notifications,
  isAdmin,
}: {
  notifications: StaffNotifications | null;
  isAdmin: boolean;
}) {
  const { count, latest, assigned, failedMails, total } = notifications ?? {
    count: 0,
    latest: [],
    assigned: { count: 0, latest: [] },
    failedMails: 0,
    total: 0,
  };
  const label = !notifications
    ? "Notifications indisponibles"
    : total === 0
      ? "Notifications : aucune nouvelle demande"
      : `Notifications : ${plural(count, "nouvelle demande")}${
          assigned.count > 0 ? `, ${plural(assigned.count, "demande attribuée")} à vous` : ""
        }${failedMails > 0 ? `. ${failedMailsText(failedMails)}` : ""}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" title={label}>
          <Bell aria-hidden />
          <span className="sr-only">{label}</span>
          {total > 0 ? (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground"
            >
              {total > 99 ? "99+" : total}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        {failedMails > 0 ? (
          <>
            <DropdownMenuLabel className="text-red-200">{failedMailsText(failedMails)}</DropdownMenuLabel>
            {isAdmin ? (
              <DropdownMenuItem asChild>
                <Link to="/admin/email-templates/outbox?status=failed">Voir les envois en échec</Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
          </>
        ) : null}
        {assigned.count > 0 ? (
          <>
            <DropdownMenuLabel>{plural(assigned.count, "demande attribuée")} à vous</DropdownMenuLabel>
            <ContactItems contacts={assigned.latest} />
            <DropdownMenuItem asChild>
              <Link to="/admin/contacts?assigned=me">Voir mes demandes</Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuLabel>
          {!notifications
            ? "Les nouvelles demandes n'ont pas pu être chargées."
            : count === 0
              ? "Aucune nouvelle demande"
              : plural(count, "nouvelle demande")}
        </DropdownMenuLabel>
        {latest.length > 0 ? <DropdownMenuSeparator /> : null}
        <ContactItems contacts={latest} />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/admin/contacts?status=new">Voir toutes les demandes</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ContactItems({ contacts }: { contacts: StaffNotifications["latest"] }) {
  return contacts.map((contact) => (
    <DropdownMenuItem key={contact.id} asChild>
      <Link to={`/admin/contacts?contact=${contact.id}`} className="flex flex-col items-start gap-0.5">
        <span className="w-full truncate font-medium">{contact.name}</span>
        <span className="w-full truncate text-xs text-muted-foreground">
          {contact.subject ? `${contact.subject} · ` : ""}
          {formatDateTime(contact.createdAt)}
        </span>
      </Link>
    </DropdownMenuItem>
  ));
}
