import type { IconNode } from 'lucide';

export type { IconNode };

// The pictures of the demo store are drawn from icons: Lucide's (ISC licence) where it has the thing, and
// a few drawn here in its style (24 px grid, 2 px round strokes) where it has none: clothes beyond the
// shirt, boots, pillows, lipstick, a rolled mat, a pan, a plate.

const LUCIDE_ICONS = [
  'Backpack',
  'BatteryCharging',
  'BedDouble',
  'Bird',
  'Blocks',
  'BoomBox',
  'Bot',
  'Cable',
  'Cat',
  'Coffee',
  'CookingPot',
  'Cuboid',
  'Dog',
  'Droplet',
  'Dumbbell',
  'Earbuds',
  'Headphones',
  'Heart',
  'Keyboard',
  'Mountain',
  'MountainSnow',
  'Mouse',
  'Panda',
  'Plug',
  'Sailboat',
  'Search',
  'Ship',
  'Shirt',
  'Smartphone',
  'SmartphoneCharging',
  'Soup',
  'Sparkles',
  'Speaker',
  'SportShoe',
  'Store',
  'Sun',
  'Tent',
  'TentTree',
  'TestTube',
  'ToyBrick',
  'TrainFront',
  'TreePine',
  'TubeLotion',
  'Utensils',
  'Weight',
] as const;

const DRAWN_ICONS = {
  Dress: [
    ['path', { d: 'M9 2v3.5L7 9l1.8 2L5 21h14l-3.8-10L17 9l-2-3.5V2' }],
    ['path', { d: 'M8.8 11h6.4' }],
  ],
  Skirt: [
    ['path', { d: 'M7 3h10l3.5 17a1 1 0 0 1-1 1.2h-15a1 1 0 0 1-1-1.2z' }],
    ['path', { d: 'M6.6 6h10.8' }],
    ['path', { d: 'm10 6-1 15' }],
    ['path', { d: 'm14 6 1 15' }],
  ],
  Jacket: [
    ['path', { d: 'M8 2.5 4 4.5 2 12l2.5.8V21a1 1 0 0 0 1 1h13a1 1 0 0 0 1-1v-8.2L22 12l-2-7.5-4-2' }],
    ['path', { d: 'm8 2.5 4 5 4-5' }],
    ['path', { d: 'M12 7.5V22' }],
    ['path', { d: 'M7 15h2.5' }],
    ['path', { d: 'M14.5 15H17' }],
  ],
  Trousers: [
    [
      'path',
      {
        d: 'M6 2h12l1.2 19a1 1 0 0 1-1 1.1h-3.5a1 1 0 0 1-1-.9L12 9l-1.7 12.2a1 1 0 0 1-1 .9H5.8a1 1 0 0 1-1-1.1z',
      },
    ],
    ['path', { d: 'M5.8 5h12.4' }],
    ['path', { d: 'M12 5v4' }],
  ],
  Boot: [
    ['path', { d: 'M6 2h7v10.5l5.2 2.2A3 3 0 0 1 20 17.5V19H5V3a1 1 0 0 1 1-1z' }],
    ['path', { d: 'M5 22h15' }],
    ['path', { d: 'M5 19v3' }],
    ['path', { d: 'M20 19v3' }],
    ['path', { d: 'M5 7h8' }],
  ],
  Pillow: [
    ['path', { d: 'M4 6c4 1.3 12 1.3 16 0 1.3 4 1.3 8 0 12-4-1.3-12-1.3-16 0-1.3-4-1.3-8 0-12z' }],
    ['path', { d: 'M8 12h8' }],
  ],
  Lipstick: [
    ['path', { d: 'M10 9V4.5l4-2.5V9' }],
    ['rect', { x: '9', y: '9', width: '6', height: '4', rx: '0.5' }],
    ['rect', { x: '8', y: '13', width: '8', height: '9', rx: '1' }],
  ],
  YogaMat: [
    ['circle', { cx: '7', cy: '12', r: '4' }],
    ['circle', { cx: '7', cy: '12', r: '1.5' }],
    ['path', { d: 'M7 8h13a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H7' }],
  ],
  FryingPan: [
    ['circle', { cx: '9', cy: '13', r: '7' }],
    ['circle', { cx: '9', cy: '13', r: '4' }],
    ['path', { d: 'm14 8 7-6' }],
  ],
  Plate: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['circle', { cx: '12', cy: '12', r: '5' }],
  ],
  DropperBottle: [
    ['path', { d: 'M8 11h8v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z' }],
    ['rect', { x: '9.5', y: '7', width: '5', height: '4', rx: '0.5' }],
    ['path', { d: 'M11 7V3.5a1 1 0 0 1 2 0V7' }],
    ['path', { d: 'M8 15h8' }],
  ],
  SheetMask: [
    ['path', { d: 'M12 2c5 0 8 4 8 9 0 6-4 11-8 11S4 17 4 11c0-5 3-9 8-9z' }],
    ['path', { d: 'M8 10h2' }],
    ['path', { d: 'M14 10h2' }],
    ['path', { d: 'M10 16.5h4' }],
  ],
  Soundbar: [
    ['rect', { x: '2', y: '9', width: '20', height: '6', rx: '2' }],
    ['circle', { cx: '7', cy: '12', r: '1' }],
    ['circle', { cx: '17', cy: '12', r: '1' }],
    ['path', { d: 'M11 12h2' }],
  ],
} satisfies Record<string, IconNode>;

export type ArtIconName = (typeof LUCIDE_ICONS)[number] | keyof typeof DRAWN_ICONS;
export type ArtIcons = Record<ArtIconName, IconNode>;

let loading: Promise<ArtIcons> | undefined;

/**
 * The icons the demo pictures use. Lucide is loaded on first use rather than imported: the whole set
 * takes a few hundred milliseconds to load, a cost only the demo seeding should pay, not every start.
 */
export function loadArtIcons(): Promise<ArtIcons> {
  loading ??= import('lucide').then((lucide) => {
    const icons: Partial<ArtIcons> = { ...DRAWN_ICONS };
    for (const name of LUCIDE_ICONS) icons[name] = lucide[name];
    return icons as ArtIcons;
  });
  return loading;
}
