import type { Department, LeafSpec } from './department.js';

// The Electronics department of the generated store: its categories, and what the products of each are.

const HEADPHONES: LeafSpec = {
  id: 'headphones',
  name: 'Headphones',
  nouns: ['Headphones', 'Earbuds', 'Over-Ear Headphones', 'Earphones'],
  variants: 'colour',
  price: [29, 499],
  merchants: ['tokyo-audio-works', 'shenzhen-gadget-hub'],
  kind: {
    caption: 'Audio',
    icon: 'Headphones',
    iconByNoun: { Earbuds: 'Earbuds', Earphones: 'Earbuds' },
    palette: ['#2b2d31'],
    uses: [
      '{noun} for the commute, the gym and long-haul flights.',
      '{noun} tuned for clear vocals and a bass line you can feel, without boom.',
      '{noun} light enough to forget you are wearing them.',
    ],
    traits: {
      Wireless: 'Bluetooth 5.3 with a range of about 10 m and up to 30 hours per charge.',
      'Noise-Cancelling':
        'Active noise cancelling quietens engines, fans and trains; a transparency mode lets voices through.',
      Studio: 'A flat, honest sound for mixing and editing, with a detachable 3.5 mm cable.',
      Bluetooth: 'Pairs with two devices at once and switches between them.',
      Foldable: 'Folds flat into the carry case.',
      'Open-Back': 'Open-back ear cups for a wide, airy soundstage at home.',
    },
    details: [
      'Memory-foam cushions wrapped in soft protein leather.',
      'Comes with a hard carry case.',
      'A built-in microphone for calls.',
    ],
    care: [
      'Wipe the ear cushions with a dry cloth; keep away from rain.',
      'Store in the case to protect the drivers.',
    ],
  },
};

const SPEAKERS: LeafSpec = {
  id: 'speakers',
  name: 'Speakers',
  nouns: ['Bluetooth Speaker', 'Bookshelf Speakers', 'Soundbar', 'Smart Speaker'],
  variants: 'colour',
  price: [39, 599],
  merchants: ['tokyo-audio-works', 'shenzhen-gadget-hub'],
  kind: {
    caption: 'Speakers',
    icon: 'Speaker',
    iconByNoun: { 'Bluetooth Speaker': 'BoomBox', Soundbar: 'Soundbar' },
    palette: ['#3a3f45', '#b5a58c'],
    uses: [
      '{a noun} that can fill a living room and still sound clear at low volume.',
      '{a noun} for the desk, the kitchen or the balcony.',
    ],
    traits: {
      Portable: 'About 12 hours of play per charge, with a strap for carrying.',
      Waterproof: 'Rated IPX7: it survives rain, splashes and a drop in the pool.',
      Compact: 'Small enough for a bookshelf or a bedside table.',
      'Hi-Fi': 'Separate tweeter and woofer for detailed highs and full bass.',
      Outdoor: 'A rugged rubber shell and a bright light for evenings outside.',
    },
    details: [
      'Bluetooth 5.3 plus a wired input.',
      'Pair two for stereo.',
      'Controls on top for volume and play.',
    ],
    care: ['Dust with a soft dry brush.', 'Let it dry with the port cover open after a soaking.'],
  },
};

const PHONE_CASES: LeafSpec = {
  id: 'phone-cases',
  name: 'Phone Cases',
  nouns: ['Phone Case', 'Wallet Case', 'Bumper Case', 'Clear Case'],
  variants: 'phone-case',
  price: [9, 59],
  merchants: ['shenzhen-gadget-hub'],
  kind: {
    caption: 'Phone cases',
    icon: 'Smartphone',
    palette: ['#1f2933'],
    uses: [
      '{a noun} that protects corners and camera without adding bulk.',
      '{a noun} with raised edges around the screen and lenses.',
    ],
    traits: {
      Shockproof: 'Air-cushioned corners soak up drops from about 2 m.',
      Slim: 'About 1.2 mm thin, so the phone still fits a jeans pocket.',
      Leather: 'Vegetable-tanned leather that takes on a patina with use.',
      MagSafe: 'Built-in magnets for magnetic chargers, mounts and wallets.',
      Glitter: 'Glitter sealed between two layers, so none comes loose.',
    },
    details: [
      'Precise cut-outs for ports and speakers.',
      'Clicky button covers.',
      'Works with wireless charging.',
    ],
    care: ['Wipe with a damp cloth and mild soap.', 'Take the phone out before cleaning the case.'],
  },
};

const CHARGERS: LeafSpec = {
  id: 'chargers',
  name: 'Chargers & Cables',
  nouns: ['Wall Charger', 'Power Bank', 'Charging Cable', 'Wireless Charger'],
  variants: 'colour',
  price: [12, 119],
  merchants: ['shenzhen-gadget-hub', 'tokyo-audio-works'],
  kind: {
    caption: 'Charging',
    icon: 'Plug',
    iconByNoun: {
      'Power Bank': 'BatteryCharging',
      'Charging Cable': 'Cable',
      'Wireless Charger': 'SmartphoneCharging',
    },
    palette: ['#f2f2ef', '#2b2d31'],
    uses: [
      '{a noun} for the bedside, the desk or the travel bag.',
      '{a noun} that charges a phone, earbuds and a tablet from one place.',
    ],
    traits: {
      Fast: 'USB-C PD fast charging up to 30 W: about half a phone battery in 30 minutes.',
      GaN: 'Gallium nitride parts keep it small and cool at 65 W.',
      Braided: 'A braided nylon jacket that does not tangle or fray at the joint.',
      Magnetic: 'Snaps into place on magnetic phones and cases.',
      Travel: 'Fold-away pins and plug adaptors for the UK, Europe and the US.',
    },
    details: [
      'USB-C, with a USB-A port for older devices.',
      'Over-heat and over-current protection.',
      'A 1 m or 2 m cable, depending on the set.',
    ],
    care: ['Unplug by the head, not the cable.', 'Keep dry and away from heat.'],
  },
};

const KEYBOARDS: LeafSpec = {
  id: 'keyboards',
  name: 'Keyboards',
  nouns: ['Mechanical Keyboard', 'Keyboard', 'Keypad', 'Split Keyboard'],
  variants: 'colour',
  price: [39, 349],
  merchants: ['tokyo-audio-works', 'shenzhen-gadget-hub'],
  kind: {
    caption: 'Keyboards',
    icon: 'Keyboard',
    palette: ['#e9e6df', '#33363b'],
    uses: [
      '{a noun} for long writing sessions and late-night coding.',
      '{a noun} that makes a small desk feel bigger.',
    ],
    traits: {
      Wireless: 'Connects over Bluetooth to three devices, or over a 2.4 GHz receiver.',
      'Low-Profile': 'Low-profile keys for a flatter wrist angle.',
      'Hot-Swappable': 'Hot-swappable sockets: change the switches without soldering.',
      Compact: 'A 75 % layout that keeps the arrows and function row.',
      Backlit: 'White backlight with several brightness levels.',
    },
    details: [
      'Double-shot keycaps whose legends never wear off.',
      'Mac and Windows layouts, switched by a key combination.',
      'Detachable USB-C cable.',
    ],
    care: ['Turn it over and tap out crumbs; clean the caps with a damp cloth.'],
  },
};

const MICE: LeafSpec = {
  id: 'mice',
  name: 'Mice',
  nouns: ['Mouse', 'Trackball', 'Gaming Mouse', 'Vertical Mouse'],
  variants: 'colour',
  price: [15, 169],
  merchants: ['shenzhen-gadget-hub'],
  kind: {
    caption: 'Mice',
    icon: 'Mouse',
    palette: ['#2b2d31', '#e9e6df'],
    uses: [
      '{a noun} shaped for a relaxed hand over a long working day.',
      '{a noun} that tracks on glass and glossy desks.',
    ],
    traits: {
      Wireless: 'Up to 70 days on a charge with its 2.4 GHz receiver or Bluetooth.',
      Ergonomic: 'Sculpted for a right hand, with a thumb rest.',
      Silent: 'Silent switches: about 90 % quieter clicks.',
      Ultralight: 'Weighs under 60 g.',
      Bluetooth: 'Pairs with laptops and tablets without a receiver.',
    },
    details: [
      'A sensor adjustable from 800 to 4000 DPI.',
      'Two side buttons you can assign.',
      'USB-C charging.',
    ],
    care: ['Clean the feet and sensor window with a dry cotton bud.'],
  },
};

export const ELECTRONICS: Department = {
  id: 'electronics',
  name: 'Electronics',
  children: [
    {
      id: 'audio',
      name: 'Audio',
      children: [HEADPHONES, SPEAKERS],
    },
    {
      id: 'phone-accessories',
      name: 'Phone Accessories',
      children: [PHONE_CASES, CHARGERS],
    },
    {
      id: 'computing',
      name: 'Computing',
      children: [KEYBOARDS, MICE],
    },
  ],
};
