/**
 * A project's gallery (public-site.md §2 "Project detail"): previous/next buttons that wrap
 * around, the 'n / total' counter, thumbnails, the arrow keys anywhere inside it, a swipe on the
 * image, and the image shown full screen (a modal <dialog>: Escape closes it, the focus returns).
 * The server renders every photo, all but the first hidden (lazy images: none is fetched before it
 * is shown); without this module the first one shows.
 */
const SWIPE_PX = 40;

for (const gallery of document.querySelectorAll<HTMLElement>("[data-gallery]")) {
  const slides = [...gallery.querySelectorAll<HTMLElement>("[data-gallery-slide]")];
  const thumbs = [...gallery.querySelectorAll<HTMLButtonElement>("[data-gallery-thumb]")];
  const counter = gallery.querySelector<HTMLElement>("[data-gallery-counter]");
  const lightbox = gallery.querySelector<HTMLDialogElement>("dialog");
  const total = slides.length;
  let index = 0;

  const show = (next: number) => {
    index = (next + total) % total;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    thumbs.forEach((thumb, i) => thumb.setAttribute("aria-current", String(i === index)));
    if (counter) counter.textContent = `${index + 1} / ${total}`;
    if (lightbox?.open) fillLightbox();
  };
  const fillLightbox = () => {
    const picture = slides[index]!.firstElementChild!.cloneNode(true) as HTMLElement;
    for (const source of picture.querySelectorAll("source, img")) source.setAttribute("sizes", "100vw");
    lightbox!.querySelector("[data-lightbox-image]")!.replaceChildren(picture);
  };

  gallery.querySelector("[data-gallery-prev]")?.addEventListener("click", () => show(index - 1));
  gallery.querySelector("[data-gallery-next]")?.addEventListener("click", () => show(index + 1));
  thumbs.forEach((thumb, i) => thumb.addEventListener("click", () => show(i)));
  gallery.addEventListener("keydown", (event) => {
    if (total < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    show(index + (event.key === "ArrowLeft" ? -1 : 1));
  });

  const stage = gallery.querySelector<HTMLElement>("[data-gallery-stage]")!;
  let swipeFrom: number | null = null;
  stage.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse") swipeFrom = event.clientX;
  });
  stage.addEventListener("pointerup", (event) => {
    if (swipeFrom === null || total < 2) return;
    const distance = event.clientX - swipeFrom;
    swipeFrom = null;
    if (Math.abs(distance) >= SWIPE_PX) show(index + (distance < 0 ? 1 : -1));
  });
  stage.addEventListener("pointercancel", () => (swipeFrom = null));

  if (lightbox) {
    const opener = gallery.querySelector<HTMLButtonElement>("[data-lightbox-open]")!;
    opener.hidden = false;
    opener.addEventListener("click", () => {
      fillLightbox();
      lightbox.showModal();
    });
    lightbox.addEventListener("click", (event) => {
      // A click on the backdrop, or on the close button.
      if (event.target === lightbox || (event.target as Element).closest("[data-lightbox-close]")) {
        lightbox.close();
      }
    });
  }
}
