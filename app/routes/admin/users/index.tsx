import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable, RowActions, type Column } from "~/components/admin/data-table";
import { SelectField, TextField } from "~/components/admin/fields";
import { FormDialog } from "~/components/admin/form-dialog";
import { Icon } from "~/components/admin/icon";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { userRoles, type UserRole } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { userRoleLabels } from "~/lib/admin/roles";
import { createUserSchema, editUserSchema } from "~/lib/schemas/users";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { deleteRowFromForm, rowActionFromForm, saveFromForm } from "~/server/admin/row-actions.server";
import { MissingRowError } from "~/server/audit/mutation.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import {
  createUser,
  deleteUser,
  listUsers,
  setSuspended,
  updateUser,
  UserManagementError,
  type UserListItem,
} from "~/server/auth/manage-users.server";
import { resetSecondFactor } from "~/server/auth/two-factor.server";
import { AccountError } from "~/server/auth/users.server";

export const meta: Route.MetaFunction = () => [{ title: "Utilisateurs | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "admin");
  return { users: await listUsers(), currentUserId: user.id };
}

/** A refusal whose message is meant for the person (back-office.md §8: the server's message first). */
function refusalMessage(error: unknown): string | null {
  if (error instanceof AccountError || error instanceof UserManagementError) return error.message;
  if (error instanceof MissingRowError) return "Cet utilisateur n'existe plus.";
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return saveFromForm(request, formData, createUserSchema, {
        save: (account) => createUser(who, account),
        refuse: formRefusal,
        done: { title: "Utilisateur créé" },
        failed: "Impossible de créer l'utilisateur.",
        hideFields: ["password"],
      });
    case "update":
      return saveFromForm(request, formData, editUserSchema, {
        save: (account) => updateUser(who, account),
        refuse: formRefusal,
        done: { title: "Utilisateur modifié" },
        failed: "Impossible de mettre à jour l'utilisateur.",
        hideFields: ["password"],
      });
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => deleteUser(who, ref.id),
        deleted: { title: "Utilisateur supprimé" },
        gone: "Cet utilisateur n'existe plus.",
        failed: "Impossible de supprimer l'utilisateur.",
        refuse: toastRefusal,
      });
    case "suspend":
    case "reactivate": {
      const suspend = formData.get("intent") === "suspend";
      return rowActionFromForm(request, formData, {
        act: (ref) => setSuspended(who, ref.id, suspend),
        done: { title: suspend ? "Compte suspendu" : "Compte réactivé" },
        gone: "Cet utilisateur n'existe plus.",
        failed: suspend ? "Impossible de suspendre le compte." : "Impossible de réactiver le compte.",
        refuse: toastRefusal,
      });
    }
    case "reset-two-factor":
      return rowActionFromForm(request, formData, {
        act: (ref) => resetSecondFactor(who, ref.id),
        done: { title: "Double authentification réinitialisée" },
        gone: "Cet utilisateur n'existe plus.",
        failed: "Impossible de réinitialiser la double authentification.",
        refuse: toastRefusal,
      });
  }
  unknownIntent();
}

function formRefusal(error: unknown) {
  const message = refusalMessage(error);
  return message ? { formErrors: [message] } : undefined;
}

function toastRefusal(error: unknown) {
  const message = refusalMessage(error);
  return message ? { title: "Erreur", description: message } : undefined;
}

const roleOptions = userRoles.map((role) => ({ value: role, label: userRoleLabels[role] }));

function CreateUserDialog() {
  return (
    <FormDialog
      trigger={
        <Button>
          <Icon name="plus" />
          Ajouter un utilisateur
        </Button>
      }
      title="Ajouter un utilisateur"
      schema={createUserSchema}
      intent="create"
      defaultValue={{ email: "", password: "", role: "user" }}
      submitLabel="Créer"
    >
      {(fields) => (
        <>
          <TextField meta={fields.email} type="email" label="Email" autoComplete="off" />
          <TextField
            meta={fields.password}
            type="password"
            label="Mot de passe"
            autoComplete="new-password"
          />
          <SelectField meta={fields.role} label="Rôle" options={roleOptions} />
        </>
      )}
    </FormDialog>
  );
}

function EditUserDialog({ user, trigger }: { user: UserListItem; trigger: React.ReactElement }) {
  return (
    <FormDialog
      trigger={trigger}
      title="Modifier l'utilisateur"
      description="Changer le rôle ou le mot de passe met fin aux sessions ouvertes de ce compte."
      schema={editUserSchema}
      intent="update"
      hidden={{ id: user.id }}
      defaultValue={{ id: user.id, role: user.role, password: "" }}
      submitLabel="Enregistrer"
    >
      {(fields) => (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`email-${user.id}`}>Email</Label>
            <Input id={`email-${user.id}`} value={user.email} disabled readOnly />
          </div>
          <TextField
            meta={fields.password}
            type="password"
            label="Nouveau mot de passe (optionnel)"
            autoComplete="new-password"
            description="Laissez vide pour garder le mot de passe actuel."
          />
          <SelectField meta={fields.role} label="Rôle" options={roleOptions} />
        </>
      )}
    </FormDialog>
  );
}

export default function UsersScreen({ loaderData }: Route.ComponentProps) {
  const { users, currentUserId } = loaderData;
  const columns: Column<UserListItem>[] = [
    {
      id: "email",
      header: "Email",
      card: "title",
      cell: (u) => <span className="font-medium">{u.email}</span>,
    },
    {
      id: "role",
      header: "Rôle",
      cell: (u) => (
        <Badge variant={u.role === "admin" ? "info" : "secondary"}>
          {userRoleLabels[u.role as UserRole] ?? u.role}
        </Badge>
      ),
    },
    {
      id: "state",
      header: "État",
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          {u.suspended ? (
            <Badge variant="destructive">Suspendu</Badge>
          ) : (
            <Badge variant="success">Actif</Badge>
          )}
          {u.twoFactorEnabled ? <Badge variant="info">2FA</Badge> : null}
        </div>
      ),
    },
    {
      id: "created",
      header: "Date de création",
      className: "whitespace-nowrap",
      cell: (u) => formatDateTime(u.createdAt),
    },
    {
      id: "lastSignIn",
      header: "Dernière connexion",
      className: "whitespace-nowrap",
      cell: (u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : "Jamais"),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "w-px whitespace-nowrap",
      cell: (u) => (
        <RowActions
          name={u.email}
          edit={(trigger) => <EditUserDialog user={u} trigger={trigger} />}
          remove={
            // Nobody deletes their own account here.
            u.id === currentUserId
              ? undefined
              : {
                  id: u.id,
                  title: "Êtes-vous sûr ?",
                  description: `Le compte ${u.email} sera supprimé. Cette action est définitive et irréversible.`,
                }
          }
        >
          {u.twoFactorEnabled && u.id !== currentUserId ? (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm">
                  <Icon name="key-round" />
                  Réinitialiser la 2FA<span className="sr-only"> {u.email}</span>
                </Button>
              }
              title="Réinitialiser la double authentification ?"
              description={`Le compte ${u.email} se connectera avec son seul mot de passe jusqu'à ce qu'il active de nouveau la double authentification depuis son profil.`}
              intent="reset-two-factor"
              fields={{ id: u.id }}
              confirmLabel="Réinitialiser"
              pendingLabel="Réinitialisation..."
            />
          ) : null}
          {u.id === currentUserId ? null : u.suspended ? (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm">
                  <Icon name="rotate-ccw" />
                  Réactiver<span className="sr-only"> {u.email}</span>
                </Button>
              }
              title="Réactiver ce compte ?"
              description={`Le compte ${u.email} pourra de nouveau se connecter.`}
              intent="reactivate"
              fields={{ id: u.id }}
              confirmLabel="Réactiver"
              pendingLabel="Réactivation..."
              destructive={false}
            />
          ) : (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm">
                  <Icon name="ban" />
                  Suspendre<span className="sr-only"> {u.email}</span>
                </Button>
              }
              title="Suspendre ce compte ?"
              description={`Le compte ${u.email} ne pourra plus se connecter et ses sessions ouvertes sont fermées immédiatement. Vous pourrez le réactiver.`}
              intent="suspend"
              fields={{ id: u.id }}
              confirmLabel="Suspendre"
              pendingLabel="Suspension..."
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Utilisateurs"
        description="Les comptes qui peuvent se connecter au back-office."
        actions={<CreateUserDialog />}
      />
      <DataTable
        caption="Utilisateurs"
        rows={users}
        rowKey={(u) => u.id}
        columns={columns}
        empty="Aucun utilisateur trouvé."
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de récupérer la liste des utilisateurs."
      retryTo="/admin/users"
    />
  );
}
