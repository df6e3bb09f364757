/**
 * The list with `id` swapped with its neighbour above ("up") or below ("down"), or null when it
 * cannot move that way (the first cannot go up, the last cannot go down) or is not in the list.
 */
export function moveInList(ids: readonly string[], id: string, direction: "up" | "down"): string[] | null {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= ids.length) return null;
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}
