import { showToast, type ToastType } from "./parts/toasts";

/** The toast a redirect carried (app/server/toast.server.ts), which the server wrote into the page. */
const carried = document.getElementById("page-toast");
if (carried?.dataset.title) {
  showToast(carried.dataset.type as ToastType, carried.dataset.title, carried.dataset.description);
}
