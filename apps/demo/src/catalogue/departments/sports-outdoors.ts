import type { Department, LeafSpec } from './department.js';

// The Sports & Outdoors department of the generated store: its categories, and what the products of each are.

const TENTS: LeafSpec = {
  id: 'tents',
  name: 'Tents',
  nouns: ['Tent', 'Dome Tent', 'Backpacking Tent', 'Beach Shelter'],
  variants: 'colour',
  price: [59, 499],
  merchants: ['busan-outdoor', 'lion-city-sports'],
  kind: {
    caption: 'Tents',
    icon: 'Tent',
    palette: ['#4f7d5c', '#d98c3a', '#3c5a78'],
    uses: [
      '{a noun} for campsites, festivals and back gardens.',
      '{a noun} that one person can pitch in about ten minutes.',
    ],
    traits: {
      '2-Person': 'Sleeps two, with a vestibule for boots and packs.',
      '4-Person': 'Sleeps four, with room to sit up.',
      Ultralight: 'Packs down to about 1.4 kg.',
      'Pop-Up': 'Springs open as you take it out of the bag.',
      'Four-Season': 'Sturdy poles and a low profile for wind and snow.',
    },
    details: [
      'A 3000 mm waterproof flysheet with taped seams.',
      'Mesh vents at both ends to cut condensation.',
      'Colour-coded poles and clips.',
    ],
    care: ['Dry it fully before storing; never machine wash.'],
  },
};

const BACKPACKS: LeafSpec = {
  id: 'backpacks',
  name: 'Backpacks',
  nouns: ['Backpack', 'Daypack', 'Hiking Pack', 'Rolltop Bag'],
  variants: 'colour',
  price: [29, 229],
  merchants: ['busan-outdoor', 'lion-city-sports'],
  kind: {
    caption: 'Bags',
    icon: 'Backpack',
    palette: ['#2f3a45'],
    uses: ['{a noun} for the daily commute and weekend hikes.', '{a noun} that fits under an aircraft seat.'],
    traits: {
      Waterproof: 'Roll-top closure and welded seams keep the rain out.',
      'Anti-Theft': 'Hidden zips against the back panel, out of reach of pickpockets.',
      '30L': '30 litres: enough for an overnight trip.',
      Lightweight: 'About 500 g empty.',
      Laptop: 'A padded sleeve for laptops up to 16 inches.',
    },
    details: [
      'Padded, breathable back panel and adjustable straps.',
      'Side bottle pockets and a luggage pass-through.',
      'Made from recycled polyester.',
    ],
    care: ['Spot clean with a damp cloth; air dry open.'],
  },
};

const YOGA_MATS: LeafSpec = {
  id: 'yoga-mats',
  name: 'Yoga Mats',
  nouns: ['Yoga Mat', 'Exercise Mat', 'Travel Mat', 'Yoga Block Set'],
  variants: 'colour',
  price: [19, 129],
  merchants: ['lion-city-sports', 'brooklyn-basics'],
  kind: {
    caption: 'Yoga',
    icon: 'YogaMat',
    iconByNoun: { 'Yoga Block Set': 'Cuboid' },
    palette: ['#7b6fa8'],
    uses: [
      '{a noun} for yoga, pilates and stretching at home.',
      '{a noun} that stays put through a sweaty flow.',
    ],
    traits: {
      'Non-Slip': 'A textured, non-slip surface on both sides.',
      Cork: 'A cork top that grips better as it gets damp.',
      'Extra-Thick': '10 mm thick, kind to knees and wrists.',
      'Natural Rubber': 'Natural rubber base with a firm, grippy feel.',
      Foldable: 'Folds into a square to fit a suitcase.',
    },
    details: ['183 × 61 cm.', 'Comes with a carrying strap.', 'Made without PVC.'],
    care: ['Wipe down after each use with water and a little mild soap.'],
  },
};

const DUMBBELLS: LeafSpec = {
  id: 'dumbbells',
  name: 'Dumbbells',
  nouns: ['Dumbbell Pair', 'Adjustable Dumbbell', 'Kettlebell', 'Hex Dumbbell'],
  variants: 'none',
  price: [25, 399],
  merchants: ['lion-city-sports'],
  kind: {
    caption: 'Weights',
    icon: 'Dumbbell',
    iconByNoun: { Kettlebell: 'Weight' },
    palette: ['#2b2d31', '#8c9aa1'],
    uses: ['{a noun} for strength training at home.', '{a noun} for presses, rows and squats.'],
    traits: {
      'Rubber-Coated': 'A rubber coating that protects floors and cuts noise.',
      Neoprene: 'Neoprene-coated for a comfortable, sweat-resistant grip.',
      'Cast-Iron': 'Solid cast iron with a powder-coated finish.',
      'Quick-Lock': 'Change the weight in seconds with a twist of the dial.',
      Chrome: 'Chrome plating with a knurled grip.',
    },
    details: [
      'Weights from 2 to 24 kg, depending on the model.',
      'Flat ends so they do not roll.',
      'Weight marked clearly on both ends.',
    ],
    care: ['Wipe with a dry cloth after use to keep rust away.'],
  },
};

export const SPORTS_OUTDOORS: Department = {
  id: 'sports-outdoors',
  name: 'Sports & Outdoors',
  children: [
    {
      id: 'outdoor',
      name: 'Outdoor',
      children: [TENTS, BACKPACKS],
    },
    {
      id: 'fitness',
      name: 'Fitness',
      children: [YOGA_MATS, DUMBBELLS],
    },
  ],
};
