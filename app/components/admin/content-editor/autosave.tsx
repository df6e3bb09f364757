import { History } from "lucide-react";
import { useEffect, useState } from "react";
import { serializeForm } from "~/components/admin/unsaved-changes";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formatShortDate, formatTime } from "~/lib/format-date";
import type { DraftTarget, DraftValues, SavedDraft } from "~/lib/schemas/drafts";

/** What an editor's loader gives the frame (`autosaveFor`, app/server/content/drafts.server.ts). */
export type Autosave = DraftTarget & { draft: SavedDraft | null };

const DRAFTS_PATH = "/admin/api/drafts";
/** Typing stopped for this long: the draft is written. */
export const AUTOSAVE_DELAY_MS = 3000;
/** A keepalive request (sent while the page goes away) may carry at most 64 KiB, all of them together. */
const KEEPALIVE_MAX_CHARS = 60_000;
/** The frame's own fields: the version the form was opened with is not part of a draft. */
const FRAME_FIELDS = new Set(["intent", "updatedAt"]);

/** The form's values as a draft: each control's value, a repeated name as a list. */
function draftValuesOf(form: HTMLFormElement): DraftValues {
  const values: DraftValues = {};
  for (const [name, value] of new FormData(form)) {
    if (FRAME_FIELDS.has(name) || typeof value !== "string") continue;
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

function post(body: URLSearchParams, keepalive: boolean) {
  return fetch(DRAFTS_PATH, {
    method: "POST",
    body,
    keepalive: keepalive && body.toString().length <= KEEPALIVE_MAX_CHARS,
    // An ended session answers with the sign-in page: not a draft saved.
    redirect: "manual",
  });
}

/**
 * Autosave of the editor form `formId` (issue 21): while it differs from the version it was
 * loaded with, its values are written as the person's draft of the item AUTOSAVE_DELAY_MS after
 * the last change, and at once when the page is hidden or left (a keepalive request, which
 * outlives the page); back to the loaded values, the draft is dropped. A submit stops what was
 * pending: the save drops the draft on the server, and a late autosave would bring it back.
 * Answers when the last draft was written.
 */
export function useAutosave(formId: string, { entityType, entityKey }: DraftTarget): string | null {
  const [saved, setSaved] = useState<{ formId: string; at: string } | null>(null);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const loaded = serializeForm(form);
    // What the server holds as far as we know (null: unknown after a failure, send again).
    let held: string | null = loaded;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let submitted = false;

    const send = (keepalive: boolean) => {
      clearTimeout(timer);
      timer = undefined;
      const now = serializeForm(form);
      if (submitted || now === held) return;
      held = now;
      const body = new URLSearchParams({
        intent: now === loaded ? "discard" : "save",
        entityType,
        entityKey,
      });
      if (now !== loaded) body.set("values", JSON.stringify(draftValuesOf(form)));
      post(body, keepalive)
        .then(async (response) => {
          if (!response.ok) throw new Error(`draft not saved (${response.status})`);
          const answer = (await response.json()) as { savedAt?: string };
          setSaved(answer.savedAt ? { formId, at: answer.savedAt } : null);
        })
        .catch(() => {
          if (held === now) held = null;
        });
    };
    const onChange = () => {
      submitted = false;
      clearTimeout(timer);
      timer = setTimeout(() => send(false), AUTOSAVE_DELAY_MS);
    };
    const onSubmit = () => {
      submitted = true;
      clearTimeout(timer);
    };
    const onLeave = () => send(true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") send(true);
    };
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    window.addEventListener("pagehide", onLeave);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
      window.removeEventListener("pagehide", onLeave);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [formId, entityType, entityKey]);
  return saved?.formId === formId ? saved.at : null;
}

/** The discreet status beside the save bar. */
export function AutosaveStatus({ savedAt }: { savedAt: string | null }) {
  return (
    <p role="status" className="text-sm text-muted-foreground sm:mr-auto sm:self-center">
      {savedAt ? `Brouillon enregistré automatiquement à ${formatTime(savedAt)}` : null}
    </p>
  );
}

/**
 * 'Une version non enregistrée du … existe.': the person's draft newer than the saved item.
 * 'Restaurer' puts its values in the form; 'Ignorer' drops it on the server.
 */
export function DraftRecovery({
  draft,
  target,
  onRestore,
  onDone,
}: {
  draft: SavedDraft;
  target: DraftTarget;
  onRestore: (values: DraftValues) => void;
  onDone: () => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  async function discard() {
    setDiscarding(true);
    try {
      const response = await post(new URLSearchParams({ intent: "discard", ...target }), false);
      if (response.ok) onDone();
    } finally {
      setDiscarding(false);
    }
  }
  return (
    <Alert className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <History aria-hidden />
      <AlertDescription className="flex-1">
        Une version non enregistrée du {formatShortDate(draft.updatedAt)} à {formatTime(draft.updatedAt)}{" "}
        existe.
      </AlertDescription>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() => {
            onRestore(draft.values);
            onDone();
          }}
        >
          Restaurer
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={discarding} onClick={discard}>
          Ignorer
        </Button>
      </div>
    </Alert>
  );
}
