import type { ProductVariant } from '@crossbuy/core/catalogue';
import type { ArtIconName } from '../art/art-icons.js';
import { productKindOf } from './category-tree.js';

// What a generated product's pictures show.

/** How each colour and shade option is drawn in the product's pictures. */
const OPTION_COLOURS: Record<string, string> = {
  Black: '#1f1f22',
  White: '#f4f3ef',
  Navy: '#24324f',
  Beige: '#d8c7a8',
  Olive: '#6b6b3a',
  Burgundy: '#6e2233',
  'Sky Blue': '#8fbfe0',
  Charcoal: '#3c4043',
  'Blush Pink': '#e9b7bd',
  'Matte Black': '#2a2b2e',
  'Pearl White': '#eeece6',
  'Midnight Blue': '#1f2d4d',
  'Sage Green': '#9cae8e',
  Sand: '#d6c3a0',
  Rosewood: '#9e4f5a',
  'Coral Crush': '#e8705f',
  'Brick Red': '#a8382b',
  'Nude Pink': '#d9a396',
  Berry: '#7d2348',
  Mauve: '#a77b95',
};
/** What the product's pictures show: its kind's icon in its colours (one per picture, repeating). */
export type ProductArtSpec = { icon: ArtIconName; colours: string[]; caption: string };

/**
 * What a product's pictures show, from its category, name and options alone, so that other demo content
 * (a campaign page featuring the product) can draw it the same way.
 */
export function productArtSpec(product: {
  categoryId: string;
  name: string;
  variants: readonly ProductVariant[];
}): ProductArtSpec {
  const kind = productKindOf(product.categoryId);
  const options = product.variants.find((variant) => variant.name === 'Colour' || variant.name === 'Shade');
  const optionColours = (options?.options ?? []).flatMap((option) => OPTION_COLOURS[option] ?? []);
  // Without colour options, the kind's palette, started at a place the name picks.
  const start = product.name.length % kind.palette.length;
  const colours =
    optionColours.length > 0
      ? optionColours.slice(0, 3)
      : [...kind.palette.slice(start), ...kind.palette.slice(0, start)].slice(0, 3);
  const noun = Object.keys(kind.iconByNoun ?? {}).find((candidate) => product.name.endsWith(candidate));
  return { icon: (noun && kind.iconByNoun?.[noun]) || kind.icon, colours, caption: kind.caption };
}
