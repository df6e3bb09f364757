import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { SectionHeading } from "~/components/site/section-heading";
import { ShowMoreList } from "~/components/site/show-more";
import type { ExpertiseIcon, ExpertiseSize } from "~/lib/enums";
import { clsx } from "clsx";
import type { ExpertiseBlock } from "~/server/expertise/published.server";

/** The spec's eight icon names (lucide's components) and their drawings in the site's icons.css. */
export const EXPERTISE_ICONS: Record<ExpertiseIcon, IconName> = {
  Home: "house",
  Zap: "zap",
  Wrench: "wrench",
  Sun: "sun",
  ShieldCheck: "shield-check",
  Plug: "plug",
  Building: "building",
  Factory: "factory",
};

/** Size → span of the three-column grid and minimum height (public-site.md §9). */
const SIZES: Record<ExpertiseSize, string> = {
  small: "md:col-span-1 min-h-[250px]",
  medium: "md:col-span-2 min-h-[300px]",
  large: "md:col-span-3 min-h-[400px]",
};

/*
 * The colours the back office offers, written out so Tailwind generates them and a stored value can
 * never inject arbitrary classes. Unknown values fall back to the defaults.
 */
const BACKGROUNDS: Record<string, string> = {
  "bg-card": "bg-card",
  "bg-betic-red": "bg-betic-red",
  "bg-blue-600": "bg-blue-600",
  "bg-green-600": "bg-green-600",
  "bg-yellow-600": "bg-yellow-600",
  "bg-purple-600": "bg-purple-600",
};
const TEXTS: Record<string, string> = {
  "text-foreground": "text-foreground",
  "text-white": "text-white",
  "text-black": "text-black",
};

export function ExpertiseGrid({ blocks }: { blocks: ExpertiseBlock[] }) {
  return (
    <section id="expertise" aria-labelledby="expertise-title" className="section section-alt">
      <div className="site-width">
        <SectionHeading
          id="expertise-title"
          eyebrow="Expertise"
          title="Nos domaines d'expertise"
          text="Un savoir-faire complet, du logement individuel au site industriel."
        />
        <ShowMoreList
          items={blocks}
          // The blocks come in their saved order and never move on the page: their position is a stable key.
          getKey={(_block, index) => String(index)}
          label="Domaines d'expertise"
          className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-3"
          itemClassName={(block) => clsx("flex", SIZES[block.size as ExpertiseSize] ?? SIZES.medium)}
        >
          {(block) => <ExpertiseCard block={block} />}
        </ShowMoreList>
      </div>
    </section>
  );
}

function ExpertiseCard({ block }: { block: ExpertiseBlock }) {
  const icon = EXPERTISE_ICONS[block.iconName as ExpertiseIcon] ?? EXPERTISE_ICONS.Home;
  return (
    <article
      className={clsx(
        "expertise-card",
        BACKGROUNDS[block.backgroundColor] ?? "bg-card",
        TEXTS[block.textColor] ?? "text-foreground",
        block.isFeatured && "expertise-featured",
      )}
    >
      {block.imageUrl ? (
        <ResponsiveImage
          src={block.imageUrl}
          alt=""
          sizes="(min-width: 1024px) 66vw, 100vw"
          className="h-44 w-full object-cover"
        />
      ) : null}
      {block.customIconUrl ? null : <Icon name={icon} className="expertise-watermark" />}
      <div className="expertise-body">
        <div>
          <span className="expertise-icon">
            {block.customIconUrl ? (
              <img
                src={block.customIconUrl}
                alt=""
                width={32}
                height={32}
                className="size-8 object-contain"
              />
            ) : (
              <Icon name={icon} className="size-7" />
            )}
          </span>
          {block.isFeatured ? <span className="expertise-badge">À la une</span> : null}
        </div>
        <h3>{block.title}</h3>
        <p>{block.description}</p>
      </div>
    </article>
  );
}
