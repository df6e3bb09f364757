import { isPlainClick, scrollBehavior, scrollToSection } from "./parts/scroll";

/**
 * The frame of every public page (public-site.md §2, §9): the header's background past 50 px, the
 * phone menu (<details>: it opens without JavaScript; here Escape and a chosen link close it), the
 * desktop dropdowns (disclosure buttons: click, keyboard, hover with the spec's delays, Escape
 * returns the focus), the home page's section links and logo scrolling in place, and the 404
 * page's 'Page précédente'. Without this module every link is a plain link.
 */
const SCROLL_THRESHOLD_PX = 50;
/** A dropdown opens 200 ms after the pointer arrives, closes 150 ms after it leaves. */
const HOVER_DELAY_MS = 200;
const CLOSE_DELAY_MS = 150;
/** Within 300 ms of one dropdown closing, another opens at once. */
const SKIP_DELAY_MS = 300;

const header = document.querySelector<HTMLElement>(".site-header");
if (header) {
  const update = () => (header.dataset.scrolled = String(window.scrollY > SCROLL_THRESHOLD_PX));
  update();
  window.addEventListener("scroll", update, { passive: true });
}

// ---- phone menu
const mobileMenu = document.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");
if (mobileMenu) {
  const summary = mobileMenu.querySelector("summary")!;
  const label = () =>
    summary.setAttribute("aria-label", mobileMenu.open ? "Fermer le menu" : "Ouvrir le menu");
  mobileMenu.addEventListener("toggle", label);
  label();
  mobileMenu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !mobileMenu.open) return;
    mobileMenu.open = false;
    summary.focus();
  });
  mobileMenu.querySelector("nav")!.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) mobileMenu.open = false;
  });
}

// ---- desktop dropdowns
const dropdowns = [...document.querySelectorAll<HTMLElement>("[data-dropdown]")];
let timer: number | undefined;
let closedAt = 0;

function openDropdown() {
  return dropdowns.find((item) => item.querySelector("button")!.getAttribute("aria-expanded") === "true");
}
function show(item: HTMLElement | null) {
  window.clearTimeout(timer);
  const current = openDropdown();
  if (current && current !== item) closedAt = Date.now();
  for (const other of dropdowns) {
    const open = other === item;
    other.querySelector("button")!.setAttribute("aria-expanded", String(open));
    other.querySelector<HTMLElement>("[data-dropdown-panel]")!.hidden = !open;
  }
}
function showLater(item: HTMLElement | null, delay: number) {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => show(item), delay);
}
for (const item of dropdowns) {
  const button = item.querySelector("button")!;
  button.addEventListener("click", () => show(openDropdown() === item ? null : item));
  item.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    const skip = openDropdown() !== undefined || Date.now() - closedAt < SKIP_DELAY_MS;
    showLater(item, skip ? 0 : HOVER_DELAY_MS);
  });
  item.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") showLater(null, CLOSE_DELAY_MS);
  });
  item.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || openDropdown() !== item) return;
    show(null);
    button.focus();
  });
  item.addEventListener("focusout", (event) => {
    if (openDropdown() === item && !item.contains(event.relatedTarget as Node | null)) show(null);
  });
}

// ---- the home page's sections and logo, scrolled to in place
if (window.location.pathname === "/") {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-section], a[data-home]");
    if (!link || !isPlainClick(event) || event.defaultPrevented) return;
    event.preventDefault();
    if (link.dataset.section) scrollToSection(link.dataset.section);
    else window.scrollTo({ top: 0, behavior: scrollBehavior() });
  });
}

// ---- the 404 page's 'Page précédente'
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-history-back]")) {
  button.addEventListener("click", () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign("/");
  });
}
