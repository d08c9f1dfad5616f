import type { Department, LeafSpec } from './department.js';

// The Toys & Hobbies department of the generated store: its categories, and what the products of each are.

const BUILDING_BLOCKS: LeafSpec = {
  id: 'building-blocks',
  name: 'Building Blocks',
  nouns: ['Building Set', 'Brick Kit', 'Construction Set', 'Block Tower'],
  variants: 'none',
  price: [19, 249],
  merchants: ['osaka-toy-box'],
  kind: {
    caption: 'Building sets',
    icon: 'ToyBrick',
    iconByNoun: { 'Block Tower': 'Blocks' },
    palette: ['#d94f3d', '#f2b134', '#3a78b5', '#4c9a5a'],
    uses: [
      '{a noun} with illustrated, step-by-step instructions.',
      '{a noun} to build together on a rainy afternoon.',
    ],
    traits: {
      Creative: 'Hundreds of loose pieces for building whatever comes to mind.',
      Space: 'Builds a rocket, a rover and a launch pad.',
      City: 'Builds a corner shop, a bus stop and two little figures.',
      Castle: 'Builds a castle with a working drawbridge.',
      Robot: 'Builds a poseable robot with moving arms.',
    },
    details: [
      'Pieces fit standard stud-and-tube bricks.',
      'Ages 6 and up; small parts are not for children under 3.',
      'Numbered bags, one per building stage.',
    ],
    care: ['Wash the pieces in warm soapy water and air dry.'],
  },
};

const PLUSH_TOYS: LeafSpec = {
  id: 'plush-toys',
  name: 'Plush Toys',
  nouns: ['Plush Bear', 'Plush Cat', 'Plush Shiba', 'Plush Penguin'],
  variants: 'colour',
  price: [12, 79],
  merchants: ['osaka-toy-box'],
  kind: {
    caption: 'Plush toys',
    icon: 'Panda',
    iconByNoun: { 'Plush Cat': 'Cat', 'Plush Shiba': 'Dog', 'Plush Penguin': 'Bird' },
    palette: ['#c89b6d'],
    uses: ['{a noun} soft enough to sleep with.', '{a noun} that makes a good travel companion.'],
    traits: {
      Giant: 'About 60 cm tall: big enough to hug properly.',
      Mini: 'About 12 cm, with a clip for a bag.',
      Squishy: 'A slow-rising filling that squishes and springs back.',
      Classic: 'A traditional jointed design with embroidered eyes.',
      Weighted: 'Weighted with soft beads for a calming, heavy hug.',
    },
    details: [
      'Embroidered features, with no small parts.',
      'Surface washable.',
      'Filled with recycled polyester.',
    ],
    care: ['Hand wash cold, or machine wash in a pillowcase on a gentle cycle.'],
  },
};

const MODEL_KITS: LeafSpec = {
  id: 'model-kits',
  name: 'Model Kits',
  nouns: ['Model Kit', 'Gundam Kit', 'Ship Model', 'Train Model'],
  variants: 'none',
  price: [25, 299],
  merchants: ['osaka-toy-box'],
  kind: {
    caption: 'Model kits',
    icon: 'Bot',
    iconByNoun: { 'Ship Model': 'Sailboat', 'Train Model': 'TrainFront' },
    palette: ['#d7dbe0', '#3b5d8c', '#a23b32'],
    uses: [
      '{a noun} for a few relaxing evenings at the workbench.',
      '{a noun} that looks good on a shelf when it is done.',
    ],
    traits: {
      'Master-Grade': 'Master Grade detail with an inner frame and many points of articulation.',
      'Snap-Fit': 'Snap-fit parts: no glue needed.',
      '1/144 Scale': '1/144 scale, about 13 cm tall when built.',
      'Die-Cast': 'Die-cast metal body with plastic details.',
      Wooden: 'Laser-cut plywood sheets that press out cleanly.',
    },
    details: [
      'Moulded in colour, so it looks finished without paint.',
      'Includes water-slide decals.',
      'Suggested for ages 14 and up.',
    ],
    care: ['Dust with a soft brush; keep out of direct sunlight.'],
  },
};

export const TOYS_HOBBIES: Department = {
  id: 'toys-hobbies',
  name: 'Toys & Hobbies',
  children: [
    {
      id: 'toys',
      name: 'Toys',
      children: [BUILDING_BLOCKS, PLUSH_TOYS],
    },
    {
      id: 'hobbies',
      name: 'Hobbies',
      children: [MODEL_KITS],
    },
  ],
};
