import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { Icon } from "./icon";

/**
 * Reordering by drag and drop (gallery images, expertise blocks), with the mouse, a finger or the
 * keyboard: focus an item's handle, Space or Enter to lift it, the arrow keys to move it, Space
 * or Enter to drop it, Escape to cancel. Every step is announced in French. `onReorder` receives
 * the ids in their new order; the buttons 'Monter' / 'Descendre' remain for those who prefer them.
 *
 *   <SortableArea ids={ids} label={(id) => titles[id]} onReorder={save}>
 *     {ids.map((id) => <Row key={id} id={id} />)}   // each row calls useSortableItem(id)
 *   </SortableArea>
 */
export function SortableArea({
  ids,
  label,
  onReorder,
  layout = "list",
  disabled = false,
  children,
}: {
  ids: string[];
  /** How an item is named in the announcements ("Image 3", a block's title). */
  label: (id: string) => string;
  onReorder: (ids: string[]) => void;
  /** "grid" for items laid out in rows and columns. */
  layout?: "list" | "grid";
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => label(String(id));
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? "" : `position ${ids.indexOf(String(id)) + 1} sur ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${name(active.id)} saisi, ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} déplacé en ${position(over.id)}.` : `${name(active.id)} hors de la liste.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} déposé en ${position(over.id)}.` : `${name(active.id)} reposé.`,
    onDragCancel: ({ active }) => `Déplacement annulé, ${name(active.id)} revient à sa place.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Pour déplacer cet élément, appuyez sur Espace ou Entrée, utilisez les flèches, puis Espace ou Entrée pour le déposer. Échap annule.",
        },
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** For one item of a SortableArea: the node to move and the props of its drag handle. */
export function useSortableItem(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return {
    setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      zIndex: isDragging ? 10 : undefined,
      position: "relative" as const,
    },
    isDragging,
    /** Spread on the DragHandle. */
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

/** The grip an item is dragged by (a button: reachable with Tab, lifted with Space or Enter). */
export function DragHandle({
  label,
  className,
  ...handle
}: ReturnType<typeof useSortableItem>["handle"] & { label: string; className?: string }) {
  return (
    <button
      type="button"
      {...handle}
      aria-label={label}
      className={cn(
        "inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing",
        className,
      )}
    >
      <Icon name="grip-vertical" className="size-4" />
    </button>
  );
}

/**
 * The order to show while changes of it are being saved: each change (a drop, 'Monter',
 * 'Descendre') shows at once and stays usable for the next one, and the saves go one at a time,
 * in the order they were made, so an older order never lands after a newer one. Once every save
 * is back, the server's order (`serverIds`, reloaded by each save) is shown again. Items the server
 * adds or removes meanwhile are shown too (added ones last).
 *
 *   const order = useSavedOrder(images.map((image) => image.id));
 *   order.change(next, () => fetcher.submit(body(next), { method: "post" }));
 */
export function useSavedOrder(serverIds: string[]) {
  const [wanted, setWanted] = useState<string[] | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  let ids = serverIds;
  if (wanted) {
    const kept = wanted.filter((id) => serverIds.includes(id));
    ids = [...kept, ...serverIds.filter((id) => !kept.includes(id))];
  }
  /** Shows `next` and queues `save` (which resolves once saved and reloaded). */
  function change(next: string[], save: () => Promise<unknown>) {
    setWanted(next);
    const saved = queue.current.then(save).catch(() => undefined);
    queue.current = saved;
    void saved.then(() => {
      if (queue.current === saved) setWanted(null);
    });
  }
  return { ids, change };
}
