import { Icon } from "~/components/site/icon";
import { ResponsiveImage } from "~/components/site/responsive-image";
import type { GalleryPhoto } from "~/server/projects/published.server";

const MAIN_SIZES = "(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw";

/**
 * A project's photos (public-site.md §2 "Project detail"): one 16:9 image at a time; with more
 * than one image, previous/next buttons that wrap around, a 'n / total' counter and thumbnails.
 * Every photo is here, all but the first hidden (lazy: fetched when shown);
 * app/enhance/gallery.ts moves between them (buttons, arrow keys, swipe) and shows one full screen.
 */
export function Gallery({ images, label }: { images: GalleryPhoto[]; label: string }) {
  if (images.length === 0) return null;
  const total = images.length;
  const several = total > 1;

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={label}
      data-gallery=""
      data-testid="gallery"
      className="space-y-3"
    >
      <div className="relative aspect-video overflow-hidden rounded-xl border bg-muted" data-gallery-stage="">
        {images.map((image, i) => (
          <div key={image.url} hidden={i > 0} data-gallery-slide="" className="h-full w-full">
            <ResponsiveImage
              src={image.url}
              alt={image.alt}
              sizes={MAIN_SIZES}
              width={1280}
              height={720}
              className="h-full w-full object-cover"
            />
          </div>
        ))}
        <button
          type="button"
          hidden
          data-lightbox-open=""
          aria-label="Agrandir l'image"
          className={`${round} left-3 top-3`}
        >
          <Icon name="eye" className="size-5" />
        </button>
        {several ? (
          <>
            <button
              type="button"
              data-gallery-prev=""
              aria-label="Image précédente"
              className={`${round} ${arrow} left-3`}
            >
              <Icon name="chevron-left" className="size-6" />
            </button>
            <button
              type="button"
              data-gallery-next=""
              aria-label="Image suivante"
              className={`${round} ${arrow} right-3`}
            >
              <Icon name="chevron-right" className="size-6" />
            </button>
            <p
              aria-live="polite"
              data-gallery-counter=""
              data-testid="gallery-counter"
              className="absolute bottom-3 right-3 rounded-full bg-black/70 px-3 py-1 text-sm font-medium text-white"
            >
              1 / {total}
            </p>
          </>
        ) : null}
      </div>
      {several ? (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                data-gallery-thumb=""
                aria-label={`Afficher l'image ${i + 1} sur ${total}`}
                aria-current={i === 0 ? "true" : "false"}
                className="block aspect-video w-full overflow-hidden rounded-md border-2 border-transparent opacity-70 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=true]:border-betic-red aria-[current=true]:opacity-100"
              >
                <ResponsiveImage
                  src={image.url}
                  alt=""
                  sizes="160px"
                  width={160}
                  height={90}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        aria-label={label}
        className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-black/90"
      >
        <div
          data-lightbox-image=""
          className="flex h-dvh w-screen items-center justify-center p-4 [&_img]:max-h-full [&_img]:w-auto [&_img]:object-contain"
        />
        <button type="button" data-lightbox-close="" aria-label="Fermer" className={`${round} right-4 top-4`}>
          <Icon name="x" className="size-6" />
        </button>
      </dialog>
    </section>
  );
}

const round =
  "absolute flex size-11 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition hover:bg-betic-red focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
const arrow = "top-1/2 -translate-y-1/2";
