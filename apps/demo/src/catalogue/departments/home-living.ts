import type { Department, LeafSpec } from './department.js';

// The Home & Living department of the generated store: its categories, and what the products of each are.

const COOKWARE: LeafSpec = {
  id: 'cookware',
  name: 'Cookware',
  nouns: ['Frying Pan', 'Saucepan', 'Dutch Oven', 'Wok'],
  variants: 'none',
  price: [29, 289],
  merchants: ['hangzhou-home', 'kl-living'],
  kind: {
    caption: 'Cookware',
    icon: 'CookingPot',
    iconByNoun: { 'Frying Pan': 'FryingPan', Wok: 'FryingPan' },
    palette: ['#2f2f2f', '#b3362c', '#8c9aa1', '#2f5d62'],
    uses: [
      '{a noun} for weeknight stir-fries, slow Sunday braises and everything between.',
      '{a noun} that goes from the hob to the table.',
    ],
    traits: {
      'Cast-Iron': 'Cast iron, pre-seasoned: it holds heat for searing and gets better with use.',
      'Non-Stick': 'A non-stick coating made without PFOA; eggs slide out with a little oil.',
      'Stainless Steel': 'Tri-ply stainless steel with an aluminium core for even heat.',
      Enamelled: 'Enamelled cast iron that needs no seasoning.',
      'Carbon Steel': 'Carbon steel, light and quick to heat, the way restaurant kitchens use it.',
    },
    details: [
      'Works on gas, electric and induction hobs.',
      'Oven-safe to 230 °C without the lid knob.',
      'A riveted handle that stays cool on the hob.',
    ],
    care: [
      'Wash by hand, dry at once, and wipe with a little oil.',
      'Let it cool before washing; avoid metal scourers on coated surfaces.',
    ],
  },
};

const TABLEWARE: LeafSpec = {
  id: 'tableware',
  name: 'Tableware',
  nouns: ['Dinner Plate Set', 'Rice Bowl Set', 'Tea Cup Set', 'Serving Platter'],
  variants: 'none',
  price: [19, 149],
  merchants: ['hangzhou-home'],
  kind: {
    caption: 'Tableware',
    icon: 'Plate',
    iconByNoun: { 'Rice Bowl Set': 'Soup', 'Tea Cup Set': 'Coffee', 'Serving Platter': 'Utensils' },
    palette: ['#e9e2d4', '#5d7b8a', '#c98b5e', '#8a9a7b'],
    uses: ['{a noun} for everyday meals and for guests.', '{a noun} that stacks neatly in a small kitchen.'],
    traits: {
      Stoneware: 'Sturdy stoneware fired at high temperature, thick enough to keep food warm.',
      Porcelain: 'Thin, bright porcelain that rings when tapped.',
      'Hand-Glazed': 'Glazed by hand, so no two pieces are quite alike.',
      Minimalist: 'Clean shapes with a narrow rim.',
      Speckled: 'A speckled glaze over a warm clay body.',
    },
    details: ['A set of four.', 'Dishwasher and microwave safe.', 'Stacks neatly in a small cupboard.'],
    care: ['Dishwasher safe; avoid sudden changes of temperature.', 'Wash by hand to keep the glaze bright.'],
  },
};

const BED_SHEETS: LeafSpec = {
  id: 'bed-sheets',
  name: 'Bed Sheets',
  nouns: ['Fitted Sheet Set', 'Duvet Cover', 'Sheet Set', 'Pillowcase Pair'],
  variants: 'bedding',
  price: [35, 219],
  merchants: ['kl-living', 'hangzhou-home'],
  kind: {
    caption: 'Bedding',
    icon: 'BedDouble',
    palette: ['#f1ede4', '#9fb3c8', '#c7b49a', '#8e9f8c'],
    uses: ['{a noun} for cool, restful nights.', '{a noun} that will feel softer with every wash.'],
    traits: {
      Bamboo: 'Bamboo lyocell, silky and cool to the touch.',
      Linen: 'Stone-washed linen that breathes in hot, humid nights.',
      'Cotton Sateen': '300-thread-count cotton sateen with a soft sheen.',
      Percale: 'Crisp cotton percale, like a good hotel bed.',
      'Washed Cotton': 'Washed cotton with a soft, lived-in crumple.',
    },
    details: [
      'Fitted sheets have deep pockets for mattresses up to 35 cm.',
      'Envelope closures on the pillowcases.',
      'Pre-washed to keep shrinkage low.',
    ],
    care: ['Machine wash at 40 °C; tumble dry low or line dry.', 'Wash before first use; no bleach.'],
  },
};

const PILLOWS: LeafSpec = {
  id: 'pillows',
  name: 'Pillows',
  nouns: ['Pillow', 'Body Pillow', 'Neck Pillow', 'Cushion'],
  variants: 'bedding',
  price: [19, 129],
  merchants: ['kl-living'],
  kind: {
    caption: 'Pillows',
    icon: 'Pillow',
    palette: ['#f4f1ea', '#dfe6ec'],
    uses: ['{a noun} for back and side sleepers.', '{a noun} that keeps your neck in line while you sleep.'],
    traits: {
      'Memory Foam': 'Memory foam that moulds to your head and springs back by morning.',
      'Down-Alternative': 'A soft down-alternative fill, kind to allergies.',
      Cooling: 'A cooling cover that feels cool to the touch on warm nights.',
      Latex: 'Natural latex, springy and breathable.',
      Buckwheat: 'Buckwheat hulls you can add or take out to set the height.',
    },
    details: ['A removable, zipped cover.', 'A medium loft of about 12 cm.', 'Medium firmness.'],
    care: ['Wash the cover at 40 °C; air the pillow in the sun now and then.'],
  },
};

export const HOME_LIVING: Department = {
  id: 'home-living',
  name: 'Home & Living',
  children: [
    {
      id: 'kitchen',
      name: 'Kitchen',
      children: [COOKWARE, TABLEWARE],
    },
    {
      id: 'bedding',
      name: 'Bedding',
      children: [BED_SHEETS, PILLOWS],
    },
  ],
};
