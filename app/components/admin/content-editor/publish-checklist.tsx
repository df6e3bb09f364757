import { CircleCheck, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  internalLinks,
  publishWarnings,
  type ChecklistInput,
  type PublishWarning,
} from "~/lib/admin/publish-checklist";

/** Links are checked once typing pauses this long: a request per key would be wasted. */
const LINK_CHECK_DELAY_MS = 600;

/**
 * The pre-publish warnings of `input` (app/lib/admin/publish-checklist.ts), live: the internal
 * links of its bodies are checked by the server (/admin/api/missing-pages) once typing pauses.
 * Null `input`: nothing is being published, nothing is checked.
 */
export function usePublishWarnings(input: ChecklistInput | null, siteUrl: string): PublishWarning[] {
  const paths = input ? internalLinks(input, siteUrl) : [];
  const key = paths.join("\n");
  const [missing, setMissing] = useState<{ key: string; paths: string[] }>({ key: "", paths: [] });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const query = new URLSearchParams(key.split("\n").map((path) => ["path", path]));
      try {
        const response = await fetch(`/admin/api/missing-pages?${query}`, { signal: controller.signal });
        if (response.ok) {
          const answer = (await response.json()) as { missing: string[] };
          setMissing({ key, paths: answer.missing });
        }
      } catch {
        // Aborted by the next change, or offline: the links are checked on the next change.
      }
    }, LINK_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  if (!input) return [];
  // An answer about other links than these is not shown (a link removed meanwhile).
  return publishWarnings(input, { siteUrl, missingPages: missing.key === key ? missing.paths : [] });
}

/**
 * 'Vérifications avant publication': the warnings, which never block the save. With `onSelect`,
 * each is a link to its field (the editor reveals it); without (the preview), plain text.
 */
export function PublishChecklist({
  warnings,
  onSelect,
}: {
  warnings: PublishWarning[];
  onSelect?: (field: string) => void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-yellow-500/40 bg-yellow-500/5 px-4 py-3 text-sm data-[clear]:border-border data-[clear]:bg-card"
      data-clear={warnings.length ? undefined : ""}
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        {warnings.length ? (
          <TriangleAlert className="size-4 text-yellow-300" aria-hidden />
        ) : (
          <CircleCheck className="size-4 text-green-400" aria-hidden />
        )}
        Vérifications avant publication
      </h2>
      {warnings.length ? (
        <>
          <p className="text-muted-foreground">
            Ces points n'empêchent pas la publication, mais méritent d'être vérifiés.
          </p>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {warnings.map((warning) => (
              <li key={`${warning.field}:${warning.message}`}>
                {onSelect ? (
                  <button
                    type="button"
                    className="text-left underline underline-offset-2 hover:text-foreground"
                    onClick={() => onSelect(warning.field)}
                  >
                    {warning.message}
                  </button>
                ) : (
                  warning.message
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">Aucun point à vérifier.</p>
      )}
    </section>
  );
}

/** The checklist of a preview page (values sent by the editor), when they publish the item. */
export function PreviewChecklist({ input, siteUrl }: { input: ChecklistInput | null; siteUrl: string }) {
  const warnings = usePublishWarnings(input, siteUrl);
  return input ? <PublishChecklist warnings={warnings} /> : null;
}
