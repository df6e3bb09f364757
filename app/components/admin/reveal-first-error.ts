import { useEffect, useEffectEvent, type RefObject } from "react";

/** Asks the sections around a field to open (`revealField`); heard by every `useRevealFirstError` around it. */
const REVEAL_FIELD_EVENT = "admin:reveal-field";

/**
 * Brings the field with this id forward from anywhere on the page (a checklist's link): every
 * `useRevealFirstError` around it opens its sections as for an error, and the one with `focus`
 * gives the field the cursor once it shows.
 */
export function revealField(id: string) {
  document.getElementById(id)?.dispatchEvent(new Event(REVEAL_FIELD_EVENT, { bubbles: true }));
}

/** How many frames a refused field may take to show (its sections opening) before the cursor gives up on it. */
const FRAMES_TO_SHOW = 10;

/**
 * After a person's submit that the form refused, finds the first invalid field (`aria-invalid`)
 * inside `root` and calls `show` with the `data-section` values of the sections around it,
 * innermost first, so that their owners (tabs, accordions) open them. With `focus`, the field then
 * takes the cursor once it shows (Conform's own focus cannot reach a field of a hidden section).
 * Only a submit moves anything: errors shown while typing never switch a section. With `answer`
 * (the action's data), the errors that come back from the server are revealed the same way;
 * `revealField(id)` reveals any field inside `root` the same way.
 *
 *   useRevealFirstError(root, (sections) => sections.forEach(openIfMine), { focus: true });
 */
export function useRevealFirstError(
  root: RefObject<HTMLElement | null>,
  show: (sections: string[]) => void,
  { focus, answer }: { focus: boolean; answer?: unknown },
) {
  const reveal = useEffectEvent((chosen?: HTMLElement) => {
    const field = chosen ?? root.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    const sections: string[] = [];
    for (let node = field.parentElement; node && node !== root.current; node = node.parentElement)
      if (node.dataset.section) sections.push(node.dataset.section);
    show(sections);
    if (!focus) return;
    const focusOnceShown = (frames: number) => {
      if (field.checkVisibility()) field.focus();
      else if (frames > 0) requestAnimationFrame(() => focusOnceShown(frames - 1));
    };
    focusOnceShown(FRAMES_TO_SHOW);
  });

  useEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      // Conform checks a field on input by submitting with a hidden "__intent__" button: only a
      // person's submit counts here.
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      // Seen before React's handlers: once they have run, aria-invalid marks the refused fields.
      setTimeout(reveal, 0);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [root]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onReveal = (event: Event) => reveal(event.target as HTMLElement);
    element.addEventListener(REVEAL_FIELD_EVENT, onReveal);
    return () => element.removeEventListener(REVEAL_FIELD_EVENT, onReveal);
  }, [root]);

  // Rendered by now: the answer's field errors are marked.
  useEffect(() => {
    if (answer) reveal();
  }, [answer]);
}
