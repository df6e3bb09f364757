import { useId } from "react";
import { Icon } from "~/components/site/icon";

/** Items shown on phones before "Voir plus" (public-site.md §9: mobile initial items 3). */
export const MOBILE_INITIAL_ITEMS = 3;

/**
 * A list that, under 768 px, shows its first three items until "Voir plus" is pressed
 * (app/enhance/show-more.ts). Everything is server-rendered and folded by CSS (`[data-collapsed]`
 * in app.css, only where scripts run: without them the whole list shows); content stays
 * crawlable, nothing shifts. On wider screens the whole list shows and the button is hidden.
 */
export function ShowMoreList<T>({
  items,
  getKey,
  children,
  className,
  itemClassName,
  label,
}: {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  children: (item: T) => React.ReactNode;
  className?: string;
  /** Classes of each item's <li> (the grid cell). */
  itemClassName?: (item: T) => string;
  /** Accessible name of the list. */
  label?: string;
}) {
  const id = useId();
  const hasMore = items.length > MOBILE_INITIAL_ITEMS;
  return (
    <>
      <ul id={id} aria-label={label} className={className} data-collapsed={hasMore ? "items" : undefined}>
        {items.map((item, index) => (
          <li key={getKey(item, index)} className={itemClassName?.(item)}>
            {children(item)}
          </li>
        ))}
      </ul>
      {hasMore ? <ShowMoreButton controls={id} /> : null}
    </>
  );
}

/** The button that unfolds the element `controls` (its `data-collapsed`). */
export function ShowMoreButton({ controls }: { controls: string }) {
  return (
    <div className="show-more">
      <button
        type="button"
        aria-controls={controls}
        aria-expanded={false}
        data-show-more=""
        className="button-outline"
      >
        Voir plus
        <Icon name="chevron-down" className="size-4" />
      </button>
    </div>
  );
}
