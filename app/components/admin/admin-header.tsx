import { ExternalLink, LogOut } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { UserRole } from "~/lib/enums";
import { userRoleLabels } from "~/lib/roles";
import { SidebarTrigger } from "./sidebar";

type Props = { user: { email: string; name: string; role: string } };

export function AdminHeader({ user }: Props) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/admin/logout";
  const roleLabel = userRoleLabels[user.role as UserRole] ?? user.role;

  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4">
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
      <Form method="post" action="/admin/logout">
        <Button type="submit" variant="outline" size="sm" disabled={signingOut}>
          <LogOut aria-hidden />
          Déconnexion
        </Button>
      </Form>
    </header>
  );
}
