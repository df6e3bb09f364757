import type { IconName } from "~/components/site/icon-names";

/**
 * The back office's own icons (lucide's names), beside the site's: `npm run icons` writes
 * app/components/admin/icons.css, the strip of both, which admin.css brings.
 */
export const ADMIN_ICON_NAMES = [
  "arrow-down",
  "arrow-up",
  "arrow-up-down",
  "ban",
  "copy",
  "download",
  "eraser",
  "external-link",
  "grip-vertical",
  "image-plus",
  "key-round",
  "link-2",
  "lock",
  "pencil",
  "plus",
  "refresh-cw",
  "rotate-ccw",
  "star",
  "trash",
] as const;

export type AdminIconName = IconName | (typeof ADMIN_ICON_NAMES)[number];
