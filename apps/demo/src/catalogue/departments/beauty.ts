import type { Department, LeafSpec } from './department.js';

// The Beauty department of the generated store: its categories, and what the products of each are.

const SERUMS: LeafSpec = {
  id: 'serums',
  name: 'Serums',
  nouns: ['Serum', 'Essence', 'Ampoule', 'Face Oil'],
  variants: 'volume',
  price: [15, 89],
  merchants: ['seoul-glow'],
  kind: {
    caption: 'Skincare',
    icon: 'DropperBottle',
    iconByNoun: { 'Face Oil': 'Droplet', Ampoule: 'TestTube' },
    palette: ['#e9c9a6', '#c7dbe6', '#f0dfe3', '#d7e4c4'],
    uses: [
      'A lightweight {noun} that sinks in fast and layers well under sunscreen.',
      '{a noun} for the morning and evening routine, after cleansing and before moisturiser.',
    ],
    traits: {
      'Vitamin C': 'Vitamin C to brighten dull skin and even out tone.',
      Hyaluronic: 'Hyaluronic acid in several molecule sizes for plump, hydrated skin.',
      Niacinamide: '5 % niacinamide to refine pores and calm redness.',
      Retinol: 'Encapsulated retinol for smoother texture; start two nights a week.',
      'Snail Mucin': 'Snail secretion filtrate to soothe and repair a tired skin barrier.',
    },
    details: [
      'Without added fragrance, and gentle on sensitive skin.',
      'A glass dropper bottle.',
      'Patch test before first use.',
    ],
    care: ['Store away from sunlight; use within 12 months of opening.'],
  },
};

const FACE_MASKS: LeafSpec = {
  id: 'face-masks',
  name: 'Face Masks',
  nouns: ['Sheet Mask Pack', 'Clay Mask', 'Sleeping Mask', 'Peel-Off Mask'],
  variants: 'none',
  price: [9, 49],
  merchants: ['seoul-glow'],
  kind: {
    caption: 'Face masks',
    icon: 'SheetMask',
    iconByNoun: { 'Clay Mask': 'TubeLotion', 'Peel-Off Mask': 'TubeLotion' },
    palette: ['#f3e2e7', '#d9ead3', '#e8e0f0', '#f5e7c8'],
    uses: ['{a noun} for a weekly reset.', '{a noun} to use after a long flight or a late night.'],
    traits: {
      Hydrating: 'Hydrating ceramides and glycerin for a plump, dewy finish.',
      Brightening: 'Brightening niacinamide and licorice root.',
      Soothing: 'Centella asiatica to calm redness.',
      'Pore-Care': 'Kaolin clay and BHA to clear congested pores.',
      'Green Tea': 'Green tea extract to refresh oily skin.',
    },
    details: ['Leave on for 15 to 20 minutes.', 'Suitable for all skin types.', 'Without added fragrance.'],
    care: ['Store in a cool, dry place.'],
  },
};

const LIPSTICKS: LeafSpec = {
  id: 'lipsticks',
  name: 'Lipsticks',
  nouns: ['Lipstick', 'Lip Tint', 'Lip Gloss', 'Lip Balm'],
  variants: 'shade',
  price: [12, 59],
  merchants: ['seoul-glow'],
  kind: {
    caption: 'Lips',
    icon: 'Lipstick',
    palette: ['#b03a48'],
    uses: [
      '{a noun} with colour that goes on evenly in one swipe.',
      '{a noun} that keeps lips comfortable all day.',
    ],
    traits: {
      Matte: 'A soft matte finish that does not dry lips out.',
      Velvet: 'A blurred velvet finish.',
      Glossy: 'A high-shine, non-sticky gloss.',
      'Long-Wear': 'Transfer-resistant colour that lasts through meals.',
      Tinted: 'A sheer tint you can build up.',
    },
    details: [
      'Enriched with shea butter and vitamin E.',
      'Vegan formula.',
      'A slim case that fits a small bag.',
    ],
    care: ['Keep capped and out of the heat.'],
  },
};

export const BEAUTY: Department = {
  id: 'beauty',
  name: 'Beauty',
  children: [
    {
      id: 'skincare',
      name: 'Skincare',
      children: [SERUMS, FACE_MASKS],
    },
    {
      id: 'makeup',
      name: 'Makeup',
      children: [LIPSTICKS],
    },
  ],
};
