import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/server/toast.server";

/**
 * The hydrated pages' toasts (the back office's: public pages show theirs with
 * app/enhance/toast.ts): the one a redirect carried, and any raised by sonner's `toast`.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (toast) showToast[toast.type](toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  // In French, as the rest of the interface (sonner's defaults are 'Close toast', 'Notifications alt+T').
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      richColors
      closeButton
      customAriaLabel="Notifications (Alt+T pour y aller)"
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
