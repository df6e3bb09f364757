import { plural } from "~/lib/plural";
/**
 * The back office's media library as the browser sees it: the upload endpoint, its limits and
 * answers, and the upload itself (XHR, for its progress events). The server side is
 * app/routes/admin/api/media.ts and app/server/media/library.server.ts.
 */

export const MEDIA_API_PATH = "/admin/api/media";

/** "image": photos, 20 MB. "icon": custom expertise icons, 2 MB (back-office.md §9). */
export type UploadKind = "image" | "icon";

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 20 * 1024 * 1024,
  icon: 2_097_152,
};

/** One image of the library, as the upload and list answers give it. */
export type MediaAsset = {
  id: string;
  url: string;
  originalName: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  width: number | null;
  height: number | null;
  altText: string | null;
  createdAt: string;
};

/** A row of the library's list: the image and who uploaded it (null once that account is gone). */
export type MediaListItem = MediaAsset & { uploaderEmail: string | null };

/** A refused upload or request: the French title and description the screens show. */
export type MediaError = { title: string; description: string };

export type UploadAnswer = { asset: MediaAsset } | { error: MediaError };

const uploadFailed: MediaError = {
  title: "Erreur de téléchargement",
  description: "Le fichier n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.",
};

export const sessionExpired: MediaError = {
  title: "Session expirée",
  description: "Votre session a expiré : reconnectez-vous puis réessayez.",
};

/** A file over the limit of `kind` (the server answers it with 413). */
export function tooLargeError(kind: UploadKind): MediaError {
  return {
    title: "Image trop volumineuse",
    description: `L'image ne doit pas dépasser ${UPLOAD_LIMITS[kind] / 1024 / 1024}MB`,
  };
}

export const notAnImageError: MediaError = {
  title: "Type de fichier invalide",
  description: "Veuillez sélectionner une image",
};

/** An expertise icon that is not an image: back-office.md §5 words it for icons. */
export const notAnIconError: MediaError = {
  title: "Format non valide",
  description: "Veuillez sélectionner une image (PNG, JPG, SVG, etc.)",
};

/** The refusal the server would give, checked before sending (no 20 MB upload to learn it). */
export function checkBeforeUpload(file: File, kind: UploadKind): MediaError | null {
  if (file.size > UPLOAD_LIMITS[kind]) return tooLargeError(kind);
  // Only a hint: the server decides from the bytes. This catches a PDF chosen by mistake early.
  if (file.type && !file.type.startsWith("image/")) return kind === "icon" ? notAnIconError : notAnImageError;
  return null;
}

export class UploadError extends Error {
  constructor(readonly error: MediaError) {
    super(`${error.title} : ${error.description}`);
    this.name = "UploadError";
  }
}

/**
 * Sends one image to the library. `onProgress` gets the fraction sent (0 to 1). Resolves with the
 * stored asset; rejects with an UploadError carrying the French message (or an AbortError).
 */
export function uploadImage(
  file: File,
  {
    kind = "image",
    alt,
    onProgress,
    signal,
  }: { kind?: UploadKind; alt?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<MediaAsset> {
  const early = checkBeforeUpload(file, kind);
  if (early) return Promise.reject(new UploadError(early));
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("kind", kind);
    if (alt) body.set("alt", alt);
    // The file last: the server reads the small fields before the bytes arrive.
    body.set("file", file);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", MEDIA_API_PATH);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      // A signed-out request is sent to the sign-in page rather than answered in JSON.
      if (new URL(xhr.responseURL, location.href).pathname.startsWith("/admin/login")) {
        reject(new UploadError(sessionExpired));
        return;
      }
      const answer = xhr.response as UploadAnswer | null;
      if (answer && "asset" in answer) resolve(answer.asset);
      else reject(new UploadError(answer && "error" in answer ? answer.error : uploadFailed));
    };
    xhr.onerror = () => reject(new UploadError(uploadFailed));
    xhr.onabort = () => reject(new DOMException("Envoi annulé", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Human size in French: "850 Ko", "4,2 Mo". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}

/** Where a library image is used: the columns (or HTML bodies) that refer to it. */
export const mediaUsageFieldLabels = {
  mainImage: "image principale",
  ogImage: "image Open Graph",
  twitterImage: "image Twitter",
  content: "contenu",
  challenges: "défis",
  solutions: "solutions",
  results: "résultats",
  gallery: "galerie",
  avatar: "avatar",
  image: "image",
  customIcon: "icône personnalisée",
  logo: "logo",
  html: "contenu HTML",
  trash: "élément supprimé",
} as const;

export type MediaUsageField = keyof typeof mediaUsageFieldLabels;

export const mediaUsageEntityLabels = {
  projects: "Projet",
  blog_articles: "Article",
  blog_authors: "Auteur",
  expertise_blocks: "Pôle d'expertise",
  cms_pages: "Page",
  site_settings: "Paramètres du site",
  email_templates: "Template d'email",
  trash_items: "Corbeille",
} as const;

/** A row whose columns or HTML bodies refer to a library image (a gallery row counts for its project). */
export type MediaUsage = {
  entityType: keyof typeof mediaUsageEntityLabels;
  /** The row that owns the reference. */
  id: string;
  /** What a person recognises it by: title, name... */
  label: string;
  fields: MediaUsageField[];
};

/** Why an image cannot be deleted: the same sentence on the screen and in the server's refusal. */
export function mediaInUseMessage(usages: MediaUsage[]): string {
  const names = usages
    .slice(0, 5)
    .map((usage) => `« ${usage.label} »`)
    .join(", ");
  const more = usages.length > 5 ? "…" : "";
  const count = plural(usages.length, "contenu");
  return `Cette image est utilisée par ${count} : ${names}${more}. Retirez-la de ces contenus avant de la supprimer.`;
}
