import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Problem } from "~/lib/form-answer";
import { readRowRef, type RowRef } from "~/lib/schemas/common";
import { MissingRowError } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast, type ToastInput } from "~/server/toast.server";
import { replyFailed, replyInvalid } from "./form-replies.server";

/**
 * The intents of a list or dialog screen (create, update, delete), written once: each parses and
 * checks what was posted, runs the screen's write (through `mutate()`), and answers with a toast
 * on the same list (its page, search and filters kept), or with the form's errors.
 *
 *   switch (formData.get("intent")) {
 *     case "create":
 *       return saveFromForm(request, formData, authorSchema, {
 *         save: (author) => createAuthor(who, author), done: { title: "Auteur ajouté" },
 *         failed: "Impossible d'ajouter l'auteur" });
 *     case "update":
 *       return saveRowFromForm(request, formData, authorSchema, {
 *         save: (author, ref) => updateAuthor(who, ref.id, author, ref.updatedAt), ... });
 *     case "delete":
 *       return deleteRowFromForm(request, formData, { remove: (ref) => deleteAuthor(who, ref.id), ... });
 *   }
 *   unknownIntent();
 */

/** Errors a known refusal turns into: on a field (a name already taken) or on the whole form. */
export type Refusal = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** The message of an unexpected failure, or how to make it from the error. */
type Failed = string | ((error: unknown) => string);
const failureMessage = (failed: Failed, error: unknown) =>
  typeof failed === "function" ? failed(error) : failed;

type SaveOptions<Value> = {
  /** A failure meant for the person (a duplicate, a rule of the domain) as the form's errors. */
  refuse?: (error: unknown) => Refusal | undefined;
  /** Any other failure: logged, and this message (the screen's §8 text, maybe naming the error). */
  failed: Failed;
  /** The toast after the redirect. */
  done: ToastInput | ((value: Value) => ToastInput);
  /** Fields never sent back with a refusal (a typed password): the form shows them empty. */
  hideFields?: string[];
};

/** The list the form was posted from, its query string kept. */
export function sameList(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** A create (or a save whose row is named by the schema itself): parse, `save`, toast. */
export async function saveFromForm<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  schema: Schema,
  options: SaveOptions<z.output<Schema>> & { save: (value: z.output<Schema>) => Promise<unknown> },
) {
  return save(request, formData, schema, options, (value) => options.save(value));
}

/**
 * An update of the row the form names (`readRowRef`: its id, and the `updatedAt` it was opened
 * with for the stale-save check); a form naming no row is refused with `missing`.
 */
export async function saveRowFromForm<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  schema: Schema,
  options: SaveOptions<z.output<Schema>> & {
    missing: string;
    save: (value: z.output<Schema>, ref: RowRef) => Promise<unknown>;
  },
) {
  const ref = readRowRef(formData);
  return save(
    request,
    formData,
    schema,
    options,
    (value) => options.save(value, ref!),
    ref ? null : options.missing,
  );
}

async function save<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  schema: Schema,
  options: SaveOptions<z.output<Schema>>,
  write: (value: z.output<Schema>) => Promise<unknown>,
  missing: string | null = null,
) {
  const submission = parseWithZod(formData, { schema });
  const hidden = { hideFields: options.hideFields };
  if (submission.status !== "success") return replyInvalid(submission, {}, hidden);
  if (missing) return replyInvalid(submission, { formErrors: [missing] }, hidden);
  try {
    await write(submission.value);
  } catch (error) {
    const refusal = options.refuse?.(error);
    if (refusal) return replyInvalid(submission, refusal, hidden);
    return replyFailed(submission, error, failureMessage(options.failed, error), hidden);
  }
  const { done } = options;
  return redirectWithToast(sameList(request), typeof done === "function" ? done(submission.value) : done);
}

/**
 * A change of one row from a list's confirmation (suspend an account, reset its second factor...):
 * the row the form names goes through `act`, then the `done` toast on the same list. A row
 * already gone gets `gone`; a refusal meant for the person (`refuse`: still in use...) its own
 * toast; any other failure is logged and gets `failed`. Every refusal is an error toast on the list.
 */
export async function rowActionFromForm<Result>(
  request: Request,
  formData: FormData,
  options: {
    act: (ref: RowRef) => Promise<Result>;
    done: ToastInput;
    /** Where the toast `done` is shown, from what `act` answered (a copy's editor); the same list when not given. */
    to?: (result: Result) => string;
    failed: Failed;
    /** A row already gone (or a form naming none); `failed` when not given. */
    gone?: string;
    refuse?: (error: unknown) => Problem | undefined;
  },
): Promise<Response> {
  const back = sameList(request);
  const refused = (problem: Problem) => redirectWithToast(back, { type: "error", ...problem });
  const gone = (error?: unknown) => ({
    title: "Erreur",
    description: options.gone ?? failureMessage(options.failed, error),
  });
  const ref = readRowRef(formData);
  if (!ref) return refused(gone());
  let result: Result;
  try {
    result = await options.act(ref);
  } catch (error) {
    const refusal = options.refuse?.(error);
    if (refusal) return refused(refusal);
    if (error instanceof MissingRowError) return refused(gone(error));
    logger.error({ err: error, path: back }, "list row action failed");
    return refused({ title: "Erreur", description: failureMessage(options.failed, error) });
  }
  return redirectWithToast(options.to ? options.to(result) : back, options.done);
}

/** A delete from a list's confirmation (`RowActions`' 'Supprimer'): `rowActionFromForm` with `remove`. */
export function deleteRowFromForm(
  request: Request,
  formData: FormData,
  {
    remove,
    deleted,
    ...options
  }: Omit<Parameters<typeof rowActionFromForm>[2], "act" | "done"> & {
    remove: (ref: RowRef) => Promise<unknown>;
    deleted: ToastInput;
  },
) {
  return rowActionFromForm(request, formData, { ...options, act: remove, done: deleted });
}
