import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/server/toast.server";

/** Shows the toast carried through a redirect, and any toast raised on the client. */
export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show =
      toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // A tick later, so the Toaster is mounted on the first page.
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description }), 0);
    return () => clearTimeout(timer);
  }, [toast]);
  return <Sonner theme="dark" position="bottom-right" richColors closeButton />;
}
