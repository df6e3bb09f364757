import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data } from "react-router";
import type { Problem, ProblemAnswer } from "~/lib/admin/form-answer";
import { readRowRef, readSelection, type RowRef } from "~/lib/schemas/common";
import { MissingRowError } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast, type ToastInput } from "~/server/toast.server";
import { refuseRequest, replyFailed, replyFormProblem, replyInvalid } from "./form-replies.server";

/**
 * The intents of a back-office screen, written once: each reads what was posted (a form's fields,
 * the row it names, a selection), runs the screen's write (through `mutate()`), and answers with a
 * toast after a redirect (the same list, its page, search and filters kept, unless `to` says
 * where), or with the form's errors. The kit catches, logs and words every failure: a screen
 * writes no `try`.
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

/** A value, or how to make it from what the write took or answered. */
type From<Input, Output> = Output | ((input: Input) => Output);
const resolve = <Input, Output>(from: From<Input, Output>, input: Input) =>
  typeof from === "function" ? (from as (input: Input) => Output)(input) : from;

type SaveOptions<Value> = {
  /** A failure meant for the person (a duplicate, a rule of the domain) as the form's errors. */
  refuse?: (error: unknown) => Refusal | undefined;
  /** Any other failure: logged, and this message (the screen's §8 text, maybe naming the error). */
  failed: Failed;
  /** The toast after the redirect. */
  done: From<Value, ToastInput>;
  /** Where the toast is shown (a settings tab, another screen): the same list when not given. */
  to?: From<Value, string>;
  /** Fields never sent back with a refusal (a typed password): the form shows them empty. */
  hideFields?: string[];
  /** The row saved is gone (an editor's, deleted meanwhile): 404 and this message, in place. */
  gone?: string;
};

/** The list the form was posted from, its query string kept. */
export function sameList(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** A create, or a save whose row is named by the schema itself (a setting): parse, `save`, toast. */
export async function saveFromForm<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  schema: Schema,
  options: SaveOptions<z.output<Schema>> & { save: (value: z.output<Schema>) => Promise<unknown> },
) {
  return save(request, formData, schema, options, (value) => options.save(value));
}

/**
 * A save about the row the form names (`readRowRef`: its id, and the `updatedAt` it was opened
 * with for the stale-save check): a form naming no row, or a row gone meanwhile, gets `missing`
 * as the form's error.
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
  return save(request, formData, schema, options, (value) => options.save(value, ref!), {
    missing: options.missing,
    named: ref !== null,
  });
}

async function save<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  schema: Schema,
  options: SaveOptions<z.output<Schema>>,
  write: (value: z.output<Schema>) => Promise<unknown>,
  row?: { missing: string; named: boolean },
) {
  const submission = parseWithZod(formData, { schema });
  const hidden = { hideFields: options.hideFields };
  if (submission.status !== "success") return replyInvalid(submission, {}, hidden);
  const missing = () => replyInvalid(submission, { formErrors: [row!.missing] }, hidden);
  if (row && !row.named) return missing();
  try {
    await write(submission.value);
  } catch (error) {
    if (row && error instanceof MissingRowError) return missing();
    if (options.gone && error instanceof MissingRowError)
      return replyFormProblem(submission, 404, options.gone, hidden);
    const refusal = options.refuse?.(error);
    if (refusal) return replyInvalid(submission, refusal, hidden);
    return replyFailed(submission, error, failureMessage(options.failed, error), hidden);
  }
  return redirectWithToast(
    options.to ? resolve(options.to, submission.value) : sameList(request),
    resolve(options.done, submission.value),
  );
}

type ActionOptions<Result> = {
  done: From<Result, ToastInput>;
  /** Where the toast `done` is shown, from what the action answered (a copy's editor). */
  to?: (result: Result) => string;
  /** Where the action was posted from, and every refusal is shown: the same list when not given. */
  back?: string;
  failed: Failed;
  /** A row already gone (or a form naming none); `failed` when not given. */
  gone?: string;
  /** A failure meant for the person (still in use...): its own error toast. */
  refuse?: (error: unknown) => Problem | undefined;
};

/**
 * Runs `work` (a change with no form to answer in: a switch, a button) and answers with a toast
 * after a redirect: `done` where `to` says, or every refusal as an error toast on the list. A row
 * gone gets `gone`; any other failure is logged and gets `failed`.
 */
export async function runAction<Result>(
  request: Request,
  options: ActionOptions<Result>,
  work: () => Promise<Result>,
) {
  const back = options.back ?? sameList(request);
  return attempt(request, options, work, (problem) => redirectWithToast(back, { type: "error", ...problem }));
}

/**
 * `runAction` for a fetcher that stays on the page (a switch, a card's button): a failure is
 * answered to it (`ProblemAnswer`, toasted by `useAnswerToast`: 409 refused, 404 gone, 500).
 */
export async function runInPlace<Result>(
  request: Request,
  options: ActionOptions<Result>,
  work: () => Promise<Result>,
) {
  return attempt(request, options, work, (problem, status) => data<ProblemAnswer>({ problem }, { status }));
}

async function attempt<Result, Refused>(
  request: Request,
  options: ActionOptions<Result>,
  work: () => Promise<Result>,
  refused: (problem: Problem, status: number) => Refused,
) {
  const back = options.back ?? sameList(request);
  let result: Result;
  try {
    result = await work();
  } catch (error) {
    const refusal = options.refuse?.(error);
    if (refusal) return refused(refusal, 409);
    const gone = error instanceof MissingRowError;
    if (!gone) logger.error({ err: error, path: back }, "back-office action failed");
    const description = (gone && options.gone) || failureMessage(options.failed, error);
    return refused({ title: "Erreur", description }, gone ? 404 : 500);
  }
  return redirectWithToast(options.to ? options.to(result) : back, resolve(options.done, result));
}

/**
 * A change of one row (suspend an account, reset its second factor, assign a request...): the
 * row the form names goes through `act`. A form naming no row is refused as a row gone.
 */
export async function rowActionFromForm<Result>(
  request: Request,
  formData: FormData,
  options: ActionOptions<Result> & { act: (ref: RowRef) => Promise<Result> },
) {
  const ref = readRowRef(formData);
  return runAction(request, options, () =>
    ref ? options.act(ref) : Promise.reject(new MissingRowError("row", "")),
  );
}

/** A delete from a list's confirmation (`RowActions`' 'Supprimer'): `rowActionFromForm` with `remove`. */
export function deleteRowFromForm(
  request: Request,
  formData: FormData,
  {
    remove,
    deleted,
    ...options
  }: Omit<ActionOptions<unknown>, "done"> & {
    remove: (ref: RowRef) => Promise<unknown>;
    deleted: ToastInput;
  },
) {
  return rowActionFromForm(request, formData, { ...options, act: remove, done: deleted });
}

/**
 * A change of the rows a list's selection names (`readSelection`: its checkboxes, or one row's
 * button): `act` gets them all, `done` what it answered. A post naming no row is a bad request.
 */
export async function selectionActionFromForm<Result>(
  request: Request,
  formData: FormData,
  options: Omit<ActionOptions<Result>, "gone"> & { act: (ids: string[]) => Promise<Result> },
) {
  const ids = readSelection(formData);
  if (ids.length === 0) refuseRequest("Aucun élément choisi");
  return runAction(request, options, () => options.act(ids));
}
