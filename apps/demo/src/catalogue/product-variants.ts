import type { ProductVariant } from '@crossbuy/core/catalogue';
import type { VariantStyle } from './departments/department.js';
import type { Random } from './seeded-random.js';

// The options a generated product comes in, by its category's variant style, and what each option adds to
// its price.

const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Beige',
  'Olive',
  'Burgundy',
  'Sky Blue',
  'Charcoal',
  'Blush Pink',
];
const DEVICE_COLOURS = ['Matte Black', 'Pearl White', 'Midnight Blue', 'Sage Green', 'Sand'];
const SHADES = ['Rosewood', 'Coral Crush', 'Brick Red', 'Nude Pink', 'Berry', 'Mauve'];

const PHONES = ['iPhone 15', 'iPhone 15 Pro', 'Galaxy S24', 'Pixel 8'];

type PriceStep = (optionIndex: number) => number;

export function variantsFor(
  style: VariantStyle,
  random: Random,
): { variants: ProductVariant[]; steps: PriceStep[] } {
  const none: PriceStep = () => 0;
  switch (style) {
    case 'apparel':
      return {
        variants: [
          { name: 'Colour', options: random.sample(COLOURS, random.int(2, 4)) },
          { name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'].slice(random.int(0, 1)) },
        ],
        steps: [none, (index) => (index >= 3 ? 300 : 0)],
      };
    case 'shoes':
      return {
        variants: [
          { name: 'Colour', options: random.sample(COLOURS, random.int(2, 3)) },
          { name: 'Size', options: ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44'] },
        ],
        steps: [none, none],
      };
    case 'colour':
      return {
        variants: [{ name: 'Colour', options: random.sample(DEVICE_COLOURS, random.int(2, 4)) }],
        steps: [none],
      };
    case 'phone-case':
      return {
        variants: [
          { name: 'Model', options: PHONES },
          { name: 'Colour', options: random.sample(DEVICE_COLOURS, 3) },
        ],
        steps: [(index) => (index % 2 === 1 ? 200 : 0), none],
      };
    case 'bedding':
      return {
        variants: [{ name: 'Size', options: ['Single', 'Queen', 'King'] }],
        steps: [(index) => index * 1500],
      };
    case 'volume':
      return {
        variants: [{ name: 'Size', options: ['30 ml', '50 ml', '100 ml'] }],
        steps: [(index) => index * 900],
      };
    case 'shade':
      return {
        variants: [{ name: 'Shade', options: random.sample(SHADES, random.int(3, 5)) }],
        steps: [none],
      };
    case 'none':
      return { variants: [], steps: [] };
  }
}
