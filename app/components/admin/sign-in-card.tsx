import { useEffect, useRef } from "react";
import { toast } from "sonner";

/** The frame of the sign-in steps (password, then the second factor): logo, company, title. */
export function SignInCard({
  logo,
  companyName,
  title,
  description,
  children,
}: {
  logo: string;
  companyName: string;
  title: string;
  description?: string;
  /** The step's form. */
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src={logo} alt="" width={48} height={48} className="size-12" />
          <p className="text-sm font-medium text-muted-foreground">{companyName} · Back-office</p>
          <h1 className="text-xl font-semibold leading-snug">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}

/**
 * A refused try (the action's `toast`): told by a toast, and the secret field (password, code)
 * emptied and focused for a new try. Returns the ref to put on that field.
 */
export function useRefusedSecret(failure: { title: string; description?: string } | null | undefined) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!failure) return;
    toast.error(failure.title, { description: failure.description });
    if (input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }, [failure]);
  return input;
}
