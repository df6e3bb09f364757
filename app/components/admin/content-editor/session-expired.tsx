import { LoaderCircle, LogIn } from "lucide-react";
import { useState } from "react";
import { data, useRouteLoaderData, type ClientActionFunctionArgs } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { SignInAgainAnswer } from "~/lib/schemas/sign-in-again";

/** What the editor's save answers, instead of leaving for the sign-in page, once the session ended. */
export type SessionExpiredAnswer = { sessionExpired: true };

function isSignInRedirect(thrown: unknown): boolean {
  if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) return false;
  return new URL(thrown.headers.get("Location") ?? "/", "http://x").pathname === "/admin/login";
}

/**
 * An editor route's `clientAction` (export const clientAction = editorClientAction): the save runs
 * on the server as before; when the server sends it to the sign-in page because the session has
 * ended (12 hours idle, or deleted), the page stays, with the typed form, and the frame asks to
 * sign in again (SessionExpiredDialog). A 401 answer: React Router does not reload the loaders,
 * which would leave for the sign-in page too. Other intents (the gallery's) are left as they were.
 */
export async function editorClientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (thrown) {
    if (intent === "save" && isSignInRedirect(thrown))
      return data<SessionExpiredAnswer>({ sessionExpired: true }, { status: 401 });
    throw thrown;
  }
}

async function signInAgain(fields: Record<string, string>): Promise<SignInAgainAnswer> {
  try {
    const response = await fetch("/admin/login/again", { method: "POST", body: new URLSearchParams(fields) });
    return (await response.json()) as SignInAgainAnswer;
  } catch {
    return { error: "Connexion impossible. Vérifiez votre connexion Internet et réessayez." };
  }
}

/**
 * 'Votre session a expiré.': the account's password (then its 6-digit code when it has a second
 * factor) signs in again without leaving the page, by fetch (a fetcher would reload the page's
 * loaders between the steps), then the form `formId` is submitted again. Opens for each answer
 * of the save that says the session ended.
 */
export function SessionExpiredDialog({ answer, formId }: { answer: unknown; formId: string }) {
  const layout = useRouteLoaderData("routes/admin/layout") as { user?: { email: string } } | undefined;
  const email = layout?.user?.email ?? "";
  const [shownFor, setShownFor] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<"password" | "code">("password");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (answer !== shownFor) {
    setShownFor(answer);
    if ((answer as Partial<SessionExpiredAnswer> | undefined)?.sessionExpired) {
      setOpen(true);
      setStep("password");
      setError(null);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const secret = event.currentTarget.elements.namedItem("secret") as HTMLInputElement;
    setBusy(true);
    const result = await signInAgain(
      step === "password"
        ? { intent: "password", email, password: secret.value }
        : { intent: "code", code: secret.value },
    );
    setBusy(false);
    setError(result.error ?? null);
    if (result.step === "done") {
      setOpen(false);
      // The save the session's end stopped, with what the form holds.
      requestAnimationFrame(() =>
        (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit(),
      );
      return;
    }
    // The next step's field is drawn empty (keyed by step); a refused secret is emptied for a new try.
    if (result.step) setStep(result.step);
    secret.value = "";
    secret.focus();
  }

  const secretLabel = step === "password" ? "Mot de passe" : "Code";
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      title="Session expirée"
      description="Votre session a expiré. Reconnectez-vous pour enregistrer vos modifications."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm">
          Compte : <span className="font-medium">{email}</span>
        </p>
        {step === "code" ? (
          <p className="text-sm text-muted-foreground">
            Saisissez le code à 6 chiffres affiché par votre application d'authentification, ou l'un de vos
            codes de secours.
          </p>
        ) : null}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor="session-expired-secret">{secretLabel}</Label>
          <Input
            key={step}
            id="session-expired-secret"
            name="secret"
            type={step === "password" ? "password" : "text"}
            autoComplete={step === "password" ? "current-password" : "one-time-code"}
            required
            autoFocus
          />
        </div>
        <DialogFooter>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
            {busy ? "Connexion en cours..." : "Se reconnecter et enregistrer"}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
