import { StripIcon } from "~/components/site/icon";
import type { AdminIconName } from "./icon-names";

/**
 * A decorative icon of the back office: the site's icons and its own (admin/icons.css, which
 * admin.css brings), as an empty <svg> the stylesheet paints: a few dozen bytes where lucide's
 * inline drawing takes 300 to 600, in every row of a list.
 *
 *   <Icon name="pencil" />   <Icon name="loader-circle" className="animate-spin" />
 */
export const Icon: (props: { name: AdminIconName; className?: string }) => React.ReactElement = StripIcon;
