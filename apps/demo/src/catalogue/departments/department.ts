import type { ArtIconName } from '../../art/art-icons.js';

// The shape of the generated store: departments of branches of leaf categories, each leaf saying what its
// products are called, which options they come in, what they cost, who sells them and how they are drawn
// and described.

export type VariantStyle =
  | 'apparel'
  | 'shoes'
  | 'colour'
  | 'phone-case'
  | 'bedding'
  | 'volume'
  | 'shade'
  | 'none';

/**
 * What each kind of product looks like and how it is described: the picture's icon and colours, and the
 * sentences its description is made of. Sentences say what the thing is made of, what it is for, how to look
 * after it and how it fits; never anything about buying, delivery or price, which the store shows elsewhere
 * and only where it is true.
 */
export type ProductKind = {
  /** The word under the product's picture. */
  caption: string;
  icon: ArtIconName;
  /** A more fitting icon for some nouns ('Earbuds' in headphones). */
  iconByNoun?: Record<string, ArtIconName>;
  /** Colours ('#rrggbb') for products that come in no colour option. */
  palette: string[];
  /**
   * Opening sentences: `{noun}` is the product's noun in lower case ('midi dress', 'chinos'), `{a noun}` the
   * same with 'a' or 'an' before it when it is singular.
   */
  uses: string[];
  /** A sentence for each adjective the kind's names use. */
  traits: Record<string, string>;
  /** Further facts, two of which each product gets. */
  details: string[];
  care: string[];
};

export type LeafSpec = {
  id: string;
  name: string;
  nouns: string[];
  variants: VariantStyle;
  /** Base price range in whole SGD. */
  price: [number, number];
  merchants: string[];
  /** How the products are drawn and described; a name's adjectives are the kind's traits. */
  kind: ProductKind;
};

type BranchSpec = { id: string; name: string; children: LeafSpec[] };
export type Department = { id: string; name: string; children: BranchSpec[] };
