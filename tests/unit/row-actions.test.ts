import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.hoisted(() => {
  // The toast cookie is signed with the auth secret; a fixed one keeps DATA_DIR untouched.
  process.env.BETTER_AUTH_SECRET = "unit-test-secret-unit-test-secret-0123";
});

import { MissingRowError, StaleContentError } from "~/server/audit/mutation.server";
import { refuseRequest, replyProblem, unknownIntent } from "~/server/admin/form-replies.server";
import {
  deleteRowFromForm,
  rowActionFromForm,
  runInPlace,
  saveFromForm,
  saveRowFromForm,
  selectionActionFromForm,
} from "~/server/admin/row-actions.server";
import { getToast } from "~/server/toast.server";

const listUrl = "http://localhost/admin/authors?q=dup&page=2";
const rowId = "0b5f4a2e-9d4c-4e43-9a57-1c2f3e4d5a6b";
const otherId = "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const schema = z.object({ name: z.string({ error: "Le nom est requis" }).min(2, "Trop court") });

const post = () => new Request(listUrl, { method: "POST" });
const form = (fields: Record<string, string | string[]>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) formData.append(name, one);
  return formData;
};

/** What a `data()` answer carries (react-router's DataWithResponseInit). */
type Answer = {
  data: {
    result?: { status?: string; error?: Record<string, string[]>; initialValue?: unknown };
    problem?: { title: string; description?: string };
  };
  init: { status?: number } | null;
};
const answerOf = (value: unknown) => value as Answer;

/** The redirect's target and the toast it carries. */
async function redirectOf(value: unknown) {
  expect(value).toBeInstanceOf(Response);
  const response = value as Response;
  expect(response.status).toBe(302);
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toast } = await getToast(new Request(listUrl, { headers: { Cookie: cookie } }));
  return { location: response.headers.get("Location"), toast };
}

async function thrownBy(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    return answerOf(error);
  }
  throw new Error("nothing was thrown");
}

describe("saveFromForm", () => {
  const failed = "Impossible d'ajouter l'auteur";

  it("refuses invalid input with the field's message and what was typed (400), without saving", async () => {
    const save = vi.fn();
    const answer = answerOf(
      await saveFromForm(post(), form({ name: "A" }), schema, { save, done: { title: "Ajouté" }, failed }),
    );
    expect(save).not.toHaveBeenCalled();
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result?.error).toEqual({ name: ["Trop court"] });
    expect(answer.data.result?.initialValue).toEqual({ name: "A" });
  });

  it("saves, then redirects to the same list (query kept) with the toast", async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const answer = await saveFromForm(post(), form({ name: "Alice" }), schema, {
      save,
      done: (value) => ({ title: `${value.name} ajoutée` }),
      failed,
    });
    expect(save).toHaveBeenCalledWith({ name: "Alice" });
    const { location, toast } = await redirectOf(answer);
    expect(location).toBe("/admin/authors?q=dup&page=2");
    expect(toast).toMatchObject({ type: "success", title: "Alice ajoutée" });
  });

  it("redirects where `to` says", async () => {
    const answer = await saveFromForm(post(), form({ name: "Alice" }), schema, {
      save: async () => {},
      to: "/admin/settings?tab=seo",
      done: { title: "Enregistré" },
      failed,
    });
    expect((await redirectOf(answer)).location).toBe("/admin/settings?tab=seo");
  });

  it("turns a known refusal into the form's errors (400)", async () => {
    const answer = answerOf(
      await saveFromForm(post(), form({ name: "Alice" }), schema, {
        save: () => Promise.reject(new Error("taken")),
        refuse: () => ({ fieldErrors: { name: ["Ce nom est déjà pris"] } }),
        done: { title: "Ajouté" },
        failed,
      }),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result?.error).toEqual({ name: ["Ce nom est déjà pris"] });
  });

  it("answers a stale save 409 with the spec's message, any other failure 500 with `failed`", async () => {
    const stale = answerOf(
      await saveFromForm(post(), form({ name: "Alice" }), schema, {
        save: () => Promise.reject(new StaleContentError()),
        done: { title: "Ajouté" },
        failed,
      }),
    );
    expect(stale.init?.status).toBe(409);
    expect(stale.data.problem?.description).toBe(new StaleContentError().message);

    const broken = answerOf(
      await saveFromForm(post(), form({ name: "Alice" }), schema, {
        save: () => Promise.reject(new Error("database down")),
        done: { title: "Ajouté" },
        failed,
      }),
    );
    expect(broken.init?.status).toBe(500);
    expect(broken.data.result?.error).toEqual({ "": [failed] });
    expect(broken.data.problem).toEqual({ title: "Erreur", description: failed });
    expect(broken.data.result?.initialValue).toEqual({ name: "Alice" });
  });

  it("keeps hidden fields out of a refusal", async () => {
    const answer = answerOf(
      await saveFromForm(post(), form({ name: "A" }), schema, {
        save: async () => {},
        done: { title: "Ajouté" },
        failed,
        hideFields: ["name"],
      }),
    );
    expect(answer.data.result?.initialValue).toEqual({});
  });
});

describe("saveRowFromForm", () => {
  const options = { done: { title: "Modifié" }, failed: "Impossible", missing: "Cet auteur n'existe plus." };

  it("refuses a form naming no row, and a row gone meanwhile, with `missing`", async () => {
    const save = vi.fn();
    const unnamed = answerOf(
      await saveRowFromForm(post(), form({ name: "Alice" }), schema, { ...options, save }),
    );
    expect(save).not.toHaveBeenCalled();
    expect(unnamed.data.result?.error).toEqual({ "": ["Cet auteur n'existe plus."] });

    const gone = answerOf(
      await saveRowFromForm(post(), form({ name: "Alice", id: rowId }), schema, {
        ...options,
        save: () => Promise.reject(new MissingRowError("blog_authors", rowId)),
      }),
    );
    expect(gone.init?.status).toBe(400);
    expect(gone.data.result?.error).toEqual({ "": ["Cet auteur n'existe plus."] });
  });

  it("gives the save the row's id and the version it was opened with", async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const updatedAt = "2026-11-01T10:00:00.000Z";
    await saveRowFromForm(post(), form({ name: "Alice", id: rowId, updatedAt }), schema, {
      ...options,
      save,
    });
    expect(save).toHaveBeenCalledWith({ name: "Alice" }, { id: rowId, updatedAt });
  });
});

describe("row and selection actions", () => {
  const messages = { gone: "Cet auteur n'existe plus.", failed: "Impossible de supprimer l'auteur" };

  it("deletes the row named, then toasts on the same list", async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const answer = await deleteRowFromForm(post(), form({ id: rowId }), {
      remove,
      deleted: { title: "Auteur supprimé" },
      ...messages,
    });
    expect(remove).toHaveBeenCalledWith({ id: rowId, updatedAt: undefined });
    expect(await redirectOf(answer)).toMatchObject({
      location: "/admin/authors?q=dup&page=2",
      toast: { type: "success", title: "Auteur supprimé" },
    });
  });

  it("answers a row gone, or no row named, with `gone` as an error toast on the list", async () => {
    for (const [formData, act] of [
      [form({}), vi.fn()],
      [form({ id: rowId }), () => Promise.reject(new MissingRowError("blog_authors", rowId))],
    ] as const) {
      const answer = await rowActionFromForm(post(), formData, { act, done: { title: "Fait" }, ...messages });
      expect(await redirectOf(answer)).toMatchObject({
        location: "/admin/authors?q=dup&page=2",
        toast: { type: "error", title: "Erreur", description: "Cet auteur n'existe plus." },
      });
    }
  });

  it("toasts a domain refusal with its own title, and any other failure with `failed`", async () => {
    const refused = await rowActionFromForm(post(), form({ id: rowId }), {
      act: () => Promise.reject(new Error("has articles")),
      refuse: () => ({ title: "Impossible de supprimer", description: "L'auteur a des articles." }),
      done: { title: "Fait" },
      ...messages,
    });
    expect((await redirectOf(refused)).toast).toMatchObject({
      type: "error",
      title: "Impossible de supprimer",
      description: "L'auteur a des articles.",
    });
    const broken = await rowActionFromForm(post(), form({ id: rowId }), {
      act: () => Promise.reject(new Error("database down")),
      done: { title: "Fait" },
      ...messages,
    });
    expect((await redirectOf(broken)).toast).toMatchObject({ type: "error", description: messages.failed });
  });

  it("sends the toast where `to` says, from what the action answered", async () => {
    const answer = await rowActionFromForm(post(), form({ id: rowId }), {
      act: async () => otherId,
      to: (copyId) => `/admin/blog/edit/${copyId}`,
      done: { title: "Article dupliqué" },
      ...messages,
    });
    expect((await redirectOf(answer)).location).toBe(`/admin/blog/edit/${otherId}`);
  });

  it("gives a selection action every id once, malformed ones left out, and refuses an empty one", async () => {
    const act = vi.fn().mockResolvedValue(2);
    const answer = await selectionActionFromForm(
      post(),
      form({ id: [rowId, "not-an-id", rowId], ids: `${otherId},` }),
      { act, done: (count) => ({ title: `${count} demandes archivées` }), failed: "Impossible" },
    );
    expect(act).toHaveBeenCalledWith([rowId, otherId]);
    expect((await redirectOf(answer)).toast?.title).toBe("2 demandes archivées");

    const refusal = await thrownBy(() =>
      selectionActionFromForm(post(), form({ id: "nope" }), {
        act,
        done: { title: "Fait" },
        failed: "Impossible",
      }),
    );
    expect(refusal.init?.status).toBe(400);
    expect(refusal.data).toBe("Aucun élément choisi");
  });

  it("answers a fetcher that stays in place with a problem: 404 gone, 409 refused, 500 failed", async () => {
    const options = { done: { title: "Fait" }, ...messages };
    const gone = answerOf(
      await runInPlace(post(), options, () => Promise.reject(new MissingRowError("x", rowId))),
    );
    expect(gone.init?.status).toBe(404);
    expect(gone.data.problem).toEqual({ title: "Erreur", description: messages.gone });
    const refused = answerOf(
      await runInPlace(
        post(),
        { ...options, refuse: () => ({ title: "Refusé", description: "Encore utilisé." }) },
        () => Promise.reject(new Error("in use")),
      ),
    );
    expect(refused.init?.status).toBe(409);
    const broken = answerOf(await runInPlace(post(), options, () => Promise.reject(new Error("down"))));
    expect(broken.init?.status).toBe(500);
    expect(broken.data.problem?.description).toBe(messages.failed);
  });
});

describe("form replies", () => {
  it("refuses a bad request, and an unknown intent, with 400 for the error boundary", async () => {
    expect(await thrownBy(() => refuseRequest("Valeur hors des choix"))).toMatchObject({
      data: "Valeur hors des choix",
      init: { status: 400 },
    });
    expect(await thrownBy(() => unknownIntent())).toMatchObject({
      data: "Action inconnue",
      init: { status: 400 },
    });
  });

  it("answers a fetcher's failure with the toast the kit shows", () => {
    expect(answerOf(replyProblem("Le cache est désactivé", 409))).toMatchObject({
      data: { problem: { title: "Erreur", description: "Le cache est désactivé" } },
      init: { status: 409 },
    });
  });
});
