import { Ban, CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import {
  checkBeforeUpload,
  formatBytes,
  notAnImageError,
  uploadImage,
  UploadError,
  type MediaAsset,
  type MediaError,
} from "~/lib/admin/media";
import { cn } from "~/lib/cn";

/** One file of a batch and where its upload stands. */
export type BatchItem = {
  id: number;
  file: File;
  status: "waiting" | "uploading" | "done" | "failed" | "skipped";
  /** 0 to 1, while uploading. */
  progress: number;
  asset?: MediaAsset;
  error?: MediaError;
};

export type BatchResult = {
  /** The stored images, in the order the files were chosen. */
  uploaded: { file: File; asset: MediaAsset }[];
  /** Files that are not images, left out before sending (§5). */
  skipped: number;
  /** Images the server refused or that could not be sent. */
  failed: BatchItem[];
};

/** Uploads at once: two keep the line busy while the server encodes the previous photo. */
const CONCURRENCY = 2;

/**
 * Several images to the media library (the kit's `uploadImage`), each with its own progress. Files
 * that are not images are skipped, never sent; one refused or failed upload never stops the
 * others. `run` resolves once every file is settled.
 */
export function useBatchUpload() {
  const [items, setItems] = useState<BatchItem[]>([]);
  const nextId = useRef(0);

  function update(id: number, change: Partial<BatchItem>) {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }

  async function run(files: File[]): Promise<BatchResult> {
    const batch: BatchItem[] = files.map((file) => {
      const refusal = checkBeforeUpload(file, "image");
      const skipped = refusal?.title === notAnImageError.title;
      return {
        id: nextId.current++,
        file,
        status: skipped ? "skipped" : refusal ? "failed" : "waiting",
        progress: 0,
        error: refusal ?? undefined,
      };
    });
    setItems(batch);
    const queue = batch.filter((item) => item.status === "waiting");
    const settled = new Map<number, BatchItem>();
    async function worker() {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { id, file } = item;
        update(id, { status: "uploading" });
        try {
          const asset = await uploadImage(file, {
            onProgress: (progress) => update(id, { progress }),
          });
          settled.set(id, { ...item, status: "done", progress: 1, asset });
          update(id, { status: "done", progress: 1, asset });
        } catch (error) {
          const reason =
            error instanceof UploadError
              ? error.error
              : { title: "Erreur de téléchargement", description: "Veuillez réessayer" };
          settled.set(id, { ...item, status: "failed", error: reason });
          update(id, { status: "failed", error: reason });
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const final = batch.map((item) => settled.get(item.id) ?? item);
    return {
      uploaded: final.flatMap((item) => (item.asset ? [{ file: item.file, asset: item.asset }] : [])),
      skipped: final.filter((item) => item.status === "skipped").length,
      failed: final.filter((item) => item.status === "failed"),
    };
  }

  return { items, run, clear: () => setItems([]) };
}

/** The batch's files, one line and one progress bar each, announced as they settle. */
export function BatchUploadList({ items, className }: { items: BatchItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={cn("flex flex-col gap-2", className)} aria-label="Envoi des images">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li
            key={item.id}
            className="rounded-md border bg-background/40 px-3 py-2 text-sm"
            data-testid="batch-item"
          >
            <div className="flex items-center gap-2">
              <StatusIcon status={item.status} />
              <span className="min-w-0 flex-1 truncate" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.file.size)}</span>
            </div>
            {item.status === "uploading" || item.status === "waiting" ? (
              <div
                role="progressbar"
                aria-label={`Envoi de ${item.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={
                  item.status === "waiting"
                    ? "En attente"
                    : percent < 100
                      ? `${percent} %`
                      : "Traitement de l'image"
                }
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            ) : null}
            <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
              {item.status === "waiting"
                ? "En attente"
                : item.status === "uploading"
                  ? percent < 100
                    ? `Envoi… ${percent} %`
                    : "Traitement de l'image…"
                  : item.status === "done"
                    ? "Envoyée"
                    : item.status === "skipped"
                      ? "Ignoré : ce fichier n'est pas une image"
                      : `${item.error?.title ?? "Erreur"} : ${item.error?.description ?? ""}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function StatusIcon({ status }: { status: BatchItem["status"] }) {
  if (status === "done") return <CircleCheck className="size-4 shrink-0 text-green-400" aria-hidden />;
  if (status === "failed") return <CircleAlert className="size-4 shrink-0 text-red-300" aria-hidden />;
  if (status === "skipped") return <Ban className="size-4 shrink-0 text-muted-foreground" aria-hidden />;
  return (
    <LoaderCircle className={cn("size-4 shrink-0", status === "uploading" && "animate-spin")} aria-hidden />
  );
}
