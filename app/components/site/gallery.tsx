import { Icon } from "~/components/site/icon";
import { useState } from "react";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { clsx } from "clsx";
import type { GalleryPhoto } from "~/server/projects/published.server";

const MAIN_SIZES = "(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw";

/**
 * A project's photos (public-site.md §2 "Project detail"): one 16:9 image at a time; with more
 * than one image, previous/next buttons that wrap around, a 'n / total' counter and thumbnails.
 * The left and right arrow keys work anywhere inside the gallery.
 */
export function Gallery({ images, label }: { images: GalleryPhoto[]; label: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const total = images.length;
  const several = total > 1;
  const current = images[Math.min(index, total - 1)]!;
  const show = (next: number) => setIndex((next + total) % total);

  function onKeyDown(event: React.KeyboardEvent) {
    if (!several) return;
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="gallery"
      className="space-y-3"
    >
      <div className="relative aspect-video overflow-hidden rounded-xl border bg-muted">
        <ResponsiveImage
          key={current.url}
          src={current.url}
          alt={current.alt}
          sizes={MAIN_SIZES}
          width={1280}
          height={720}
          className="h-full w-full object-cover"
        />
        {several ? (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label="Image précédente"
              className={arrow + " left-3"}
            >
              <Icon name="chevron-left" className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label="Image suivante"
              className={arrow + " right-3"}
            >
              <Icon name="chevron-right" className="size-6" />
            </button>
            <p
              aria-live="polite"
              data-testid="gallery-counter"
              className="absolute bottom-3 right-3 rounded-full bg-black/70 px-3 py-1 text-sm font-medium text-white"
            >
              {index + 1} / {total}
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
                onClick={() => show(i)}
                aria-label={`Afficher l'image ${i + 1} sur ${total}`}
                aria-current={i === index ? "true" : undefined}
                className={clsx(
                  "block aspect-video w-full overflow-hidden rounded-md border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  i === index ? "border-betic-red" : "border-transparent opacity-70 hover:opacity-100",
                )}
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
    </section>
  );
}

const arrow =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition hover:bg-betic-red focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
