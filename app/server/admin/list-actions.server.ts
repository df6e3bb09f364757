import { readRowRef } from "~/lib/schemas/common";
import { MissingRowError } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast, type ToastInput } from "~/server/toast.server";
import { unknownIntent } from "~/server/admin/form-replies.server";

/**
 * A list screen's delete (blog, projects, CMS pages): the row named by the form goes through
 * `remove`, then a toast on the same list, its page, search and filters kept. A row already gone
 * gets `gone`; any other failure is logged and gets `failed`.
 */
export async function deleteListRow(
  request: Request,
  formData: FormData,
  remove: (id: string) => Promise<unknown>,
  messages: { deleted: ToastInput; gone: string; failed: string },
): Promise<Response> {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (formData.get("intent") !== "delete") unknownIntent();
  const refused = (description: string) =>
    redirectWithToast(back, { type: "error", title: "Erreur", description });
  const ref = readRowRef(formData);
  if (!ref) return refused(messages.gone);
  try {
    await remove(ref.id);
  } catch (error) {
    if (error instanceof MissingRowError) return refused(messages.gone);
    logger.error({ err: error, path: url.pathname }, "list row delete failed");
    return refused(messages.failed);
  }
  return redirectWithToast(back, messages.deleted);
}
