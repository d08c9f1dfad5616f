import type { ProductVariant } from '@crossbuy/core/catalogue';
import type { LeafPlace } from './category-tree.js';
import type { ProductKind } from './departments/department.js';
import type { MerchantSpec } from './merchants.js';
import type { Random } from './seeded-random.js';

// A generated product's description, from its kind's sentences, its name and its options.

function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'a midi dress', 'an oxford shirt', or 'chinos': the noun as a sentence's subject. */
function withArticle(noun: string): string {
  const lower = noun.toLowerCase();
  if (/[^s]s$/.test(lower)) return lower;
  return `${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}

/** A sentence on each choice a shopper makes, in the words a shop would use for it. */
function choiceSentences(variants: readonly ProductVariant[], kind: ProductKind): string[] {
  return variants.map(({ name, options }) => {
    const first = options[0] ?? '';
    const last = options.at(-1) ?? '';
    if (name === 'Size' && first.startsWith('EU ')) {
      return `EU sizes ${first.slice(3)} to ${last.slice(3)}; between sizes, take the larger.`;
    }
    if (name === 'Size' && options.includes('Queen')) {
      return kind.caption === 'Pillows'
        ? 'In single, queen and king pillow sizes.'
        : 'Sizes for single (90 × 190 cm), queen (153 × 203 cm) and king (183 × 203 cm) mattresses.';
    }
    if (name === 'Size' && first.endsWith(' ml')) return `In ${listed(options)} bottles.`;
    if (name === 'Size') return `Sizes ${first} to ${last}; it fits true to size.`;
    if (name === 'Model') return `Made for the ${listed(options)}.`;
    return `In ${options.length} ${name === 'Shade' ? 'shades' : 'colours'}: ${listed(options)}.`;
  });
}

type DescribeInput = {
  place: LeafPlace;
  merchant: MerchantSpec;
  noun: string;
  /** The name's adjectives; an empty one is skipped. */
  adjectives: string[];
  variants: ProductVariant[];
};

/**
 * A description in a few sentences: what the thing is for, what its name's words mean for it, two facts
 * about it, the choices it comes in, how to look after it, and who sells it.
 */
export function describe(
  { place, merchant, noun, adjectives, variants }: DescribeInput,
  random: Random,
): string {
  const { kind } = place;
  const sentences = [
    capitalised(
      random.pick(kind.uses).replace('{a noun}', withArticle(noun)).replace('{noun}', noun.toLowerCase()),
    ),
    ...adjectives.flatMap((adjective) => (adjective && kind.traits[adjective]) || []),
    ...random.sample(kind.details, 2),
    ...choiceSentences(variants, kind),
    random.pick(kind.care),
    `From ${merchant.name} on ${merchant.sourceMarketPlace}.`,
  ];
  return sentences.join(' ');
}
