import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { Toast } from "~/server/toast.server";

/*
 * Toasts are rare on the public site (a contact answer, a redirect's message): its pages load the
 * toast library only when one is shown. The back office, whose own code may call sonner's `toast`
 * at any time, gets the Toaster at once. Toasts raised before the Toaster mounts are replayed by
 * sonner when it subscribes.
 */
const Sonner = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

let requested = false;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast; on a public page, the first one loads the toast library. */
export async function showToast(
  type: Toast["type"],
  title: string,
  options: { id?: string; description?: string } = {},
) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import("sonner");
  toast[type](title, options);
}

/** Shows the toast carried through a redirect, and any toast raised on the client. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const backOffice = useLocation().pathname.startsWith("/admin");
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  useEffect(() => {
    if (toast) void showToast(toast.type, toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  if (!wanted && !backOffice) return null;
  return (
    <Suspense>
      <Sonner theme="dark" position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
