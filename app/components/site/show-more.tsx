import { Icon } from "~/components/site/icon";
import { useRef, useState } from "react";
import { clsx } from "clsx";

/** Items shown on phones before "Voir plus" (public-site.md §9: mobile initial items 3). */
export const MOBILE_INITIAL_ITEMS = 3;

/**
 * A list that, under 768 px, shows its first three items until "Voir plus" is pressed. Everything
 * is server-rendered and hidden by CSS (no layout shift, content stays crawlable); JavaScript only
 * flips the state. On wider screens the whole list shows and the button does not exist.
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
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const hasMore = items.length > MOBILE_INITIAL_ITEMS;
  return (
    <>
      <ul
        ref={listRef}
        aria-label={label}
        className={clsx(className, hasMore && !expanded && "max-md:[&>li:nth-child(n+4)]:hidden")}
      >
        {items.map((item, index) => (
          <li key={getKey(item, index)} className={itemClassName?.(item)}>
            {children(item)}
          </li>
        ))}
      </ul>
      {hasMore && !expanded ? (
        <ShowMoreButton
          onClick={() => {
            setExpanded(true);
            // Keep keyboard users in place: focus the first item that just appeared.
            requestAnimationFrame(() =>
              listRef.current?.children[MOBILE_INITIAL_ITEMS]?.querySelector<HTMLElement>(
                "a, button",
              )?.focus(),
            );
          }}
        />
      ) : null}
    </>
  );
}

export function ShowMoreButton({ onClick, controls }: { onClick: () => void; controls?: string }) {
  return (
    <div className="show-more">
      <button
        type="button"
        onClick={onClick}
        aria-controls={controls}
        aria-expanded={false}
        className="button-outline"
      >
        Voir plus
        <Icon name="chevron-down" className="size-4" />
      </button>
    </div>
  );
}
