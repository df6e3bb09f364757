/**
 * 'Voir plus' (public-site.md §9): under 768 px a list shows its first three items, or a block
 * stays folded, until the button is pressed. Everything is in the server's HTML, folded by CSS
 * (`[data-collapsed]` in app.css) only where scripts run, so a page without them shows it all.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-show-more]")) {
  const target = document.getElementById(button.getAttribute("aria-controls")!);
  if (!target) continue;
  button.addEventListener("click", () => {
    const firstHidden = target.dataset.collapsed === "items" ? target.children[3] : target;
    delete target.dataset.collapsed;
    button.parentElement!.remove();
    // Keep keyboard users in place: focus the first item that just appeared.
    firstHidden?.querySelector<HTMLElement>("a, button")?.focus();
  });
}
