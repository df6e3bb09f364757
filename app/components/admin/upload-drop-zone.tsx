import { ImageUp, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  uploadImage,
  UploadError,
  UPLOAD_LIMITS,
  type MediaAsset,
  type MediaError,
  type UploadKind,
} from "~/lib/admin/media";
import { cn } from "~/lib/cn";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string; progress: number }
  | { status: "error"; error: MediaError };

/**
 * One image upload to the media library at a time, with its progress (0 to 1), its French error,
 * and a way to cancel. `upload` resolves with the stored asset, or null when refused or cancelled
 * (the state then says why).
 */
export function useImageUpload(kind: UploadKind = "image") {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function upload(file: File, alt?: string): Promise<MediaAsset | null> {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: "uploading", fileName: file.name, progress: 0 });
    try {
      const asset = await uploadImage(file, {
        kind,
        alt,
        signal: current.signal,
        onProgress: (progress) => setState({ status: "uploading", fileName: file.name, progress }),
      });
      setState({ status: "idle" });
      return asset;
    } catch (error) {
      if (error instanceof UploadError) setState({ status: "error", error: error.error });
      else setState({ status: "idle" });
      return null;
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }

  return {
    state,
    upload,
    cancel: () => controller.current?.abort(),
    reset: () => setState({ status: "idle" }),
  };
}

export type ImageUploader = ReturnType<typeof useImageUpload>;

/** The progress bar and the refusal of an upload, announced to screen readers. */
export function UploadStatus({ uploader }: { uploader: ImageUploader }) {
  const { state } = uploader;
  if (state.status === "uploading") {
    const percent = Math.round(state.progress * 100);
    return (
      <div className="flex items-center gap-3" data-testid="upload-progress">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm" aria-live="polite">
            {percent < 100 ? `Envoi de ${state.fileName}… ${percent} %` : "Traitement de l'image…"}
          </p>
          <div
            role="progressbar"
            aria-label={`Envoi de ${state.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={uploader.cancel}>
          <X aria-hidden /> Annuler
        </Button>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div
        role="alert"
        className="rounded-md border border-destructive/60 bg-destructive/10 px-3 py-2 text-sm"
      >
        <p className="font-medium text-red-200">{state.error.title}</p>
        <p className="text-red-200/90">{state.error.description}</p>
      </div>
    );
  }
  return null;
}

/**
 * Drop an image here or choose one: sends it to the media library with `uploader` (progress and
 * refusals shown below) and hands the stored asset to `onUploaded`. The file input has no name,
 * so the surrounding form never posts the bytes itself.
 */
export function UploadDropZone({
  uploader,
  kind = "image",
  alt,
  onUploaded,
  className,
}: {
  uploader: ImageUploader;
  kind?: UploadKind;
  /** Alt text recorded with the image in the library. */
  alt?: string;
  onUploaded: (asset: MediaAsset) => void;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const busy = uploader.state.status === "uploading";

  async function send(file: File | undefined) {
    if (!file) return;
    const asset = await uploader.upload(file, alt);
    if (asset) onUploaded(asset);
  }

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!busy) void send(event.dataTransfer.files[0]);
        }}
        data-testid="upload-drop-zone"
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors",
          dragging ? "border-primary bg-primary/10" : "border-input",
        )}
      >
        {busy ? (
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden />
        ) : (
          <ImageUp className="size-6 text-muted-foreground" aria-hidden />
        )}
        <p className="text-muted-foreground">
          Glissez une image ici ou{" "}
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            choisissez un fichier
          </Button>
        </p>
        <p id={hintId} className="text-xs text-muted-foreground">
          JPG, PNG, WebP, GIF, AVIF{kind === "icon" ? ", SVG" : ""} · {UPLOAD_LIMITS[kind] / 1024 / 1024} Mo
          maximum
        </p>
        <input
          ref={input}
          type="file"
          accept={kind === "icon" ? "image/*,.svg" : "image/*"}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      <UploadStatus uploader={uploader} />
    </div>
  );
}
