import type { ArtIconName } from '../art/art-icons.js';

// What each kind of product in the generated catalogue looks like and how it is described: the picture's
// icon and colours, and the sentences its description is made of. Sentences say what the thing is made of,
// what it is for, how to look after it and how it fits; never anything about buying, delivery or price,
// which the store shows elsewhere and only where it is true.

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

export const PRODUCT_KINDS: Record<string, ProductKind> = {
  dresses: {
    caption: 'Dresses',
    icon: 'Dress',
    palette: ['#3b4a6b'],
    uses: [
      '{a noun} that works from a weekday lunch to a summer wedding.',
      '{a noun}, easy to pull on and go, with pockets deep enough for a phone.',
      '{a noun} cut to skim the body rather than cling to it.',
    ],
    traits: {
      Linen: 'Made of washed linen that softens with every wash and breathes in humid weather.',
      Floral: 'Printed with a small-scale floral pattern that reads as a texture from a distance.',
      Pleated: 'Fine knife pleats fall from the waist and hold their shape after washing.',
      Satin: 'Satin with a soft sheen, lined at the bodice so it is not see-through.',
      Tiered: 'Three gathered tiers give the skirt volume without weight.',
      Cotton: 'Cotton poplin, crisp at first and softer over time.',
    },
    details: [
      'Midi length: it falls about mid-calf on someone 165 cm tall.',
      'Side seam pockets and a concealed zip at the back.',
      'Adjustable straps or a tie waist, depending on the cut.',
      'Fully lined at the bodice, unlined skirt.',
    ],
    care: [
      'Machine wash cold on a gentle cycle and hang to dry.',
      'Wash inside out at 30 °C; iron on the reverse while slightly damp.',
    ],
  },
  tops: {
    caption: 'Tops',
    icon: 'Shirt',
    palette: ['#d9cbb5'],
    uses: [
      '{a noun} to wear on its own or layered under a jacket.',
      'An everyday {noun} that tucks neatly into high-waisted trousers or skirts.',
      '{a noun} with a relaxed shape that does not need ironing to look right.',
    ],
    traits: {
      Ruffled: 'A soft ruffle runs along the neckline and cuffs.',
      Ribbed: 'A stretchy rib knit that keeps its shape wash after wash.',
      Oversized: 'Cut generously with dropped shoulders; size down for a closer fit.',
      Cropped: 'Cropped to sit just at the waistband of high-rise bottoms.',
      Silk: 'Made of sandwashed silk with a matte, peach-skin handle.',
      Striped: 'Yarn-dyed stripes, so the pattern does not fade the way a print can.',
    },
    details: [
      'Round neck with a narrow binding that lies flat.',
      'Side slits at the hem for ease of movement.',
      'Lightweight enough to pack small for travel.',
    ],
    care: ['Machine wash at 30 °C with similar colours.', 'Hand wash cold and dry flat in the shade.'],
  },
  skirts: {
    caption: 'Skirts',
    icon: 'Skirt',
    palette: ['#6b4e3d'],
    uses: [
      '{a noun} that pairs with a tee at the weekend and a knit at the office.',
      '{a noun} with a flattering flare from the hip.',
    ],
    traits: {
      'High-Waist': 'Sits at the natural waist, with a wide waistband that stays flat.',
      Corduroy: 'Medium-wale corduroy, warm enough for cool evenings.',
      Tweed: 'A brushed tweed weave in flecked yarns, lined in smooth viscose.',
      Chiffon: 'Two layers of chiffon that move as you walk.',
      Wool: 'A wool blend with a little stretch, lined to the hem.',
    },
    details: [
      'Concealed side zip and a hook-and-bar fastening.',
      'Falls just below the knee on someone 165 cm tall.',
      'Elasticated at the back of the waistband for comfort.',
    ],
    care: ['Dry clean, or hand wash cold and dry flat.', 'Machine wash cold, inside out; do not tumble dry.'],
  },
  shirts: {
    caption: 'Shirts',
    icon: 'Shirt',
    palette: ['#c9d6e3'],
    uses: [
      '{a noun} smart enough for work and soft enough for the weekend.',
      '{a noun} that looks as good open over a tee as buttoned up.',
      'A dependable {noun} with a collar that keeps its shape.',
    ],
    traits: {
      'Slim-Fit': 'Slim through the chest and waist, with darts at the back.',
      Brushed: 'Brushed on both sides for a soft, warm hand.',
      Washed: 'Garment-washed after sewing, so it is soft from the first wear and will not shrink further.',
      Classic: 'A classic fit with room through the body and a straight hem.',
      'Short-Sleeve': 'Short sleeves that end above the elbow, cool in tropical heat.',
    },
    details: [
      'Mother-of-pearl-effect buttons and a button-down collar.',
      'Chest pocket and a locker loop at the back yoke.',
      'Curved hem that can be worn in or out.',
    ],
    care: ['Machine wash at 40 °C; iron while damp.', 'Machine wash at 30 °C and hang to dry on a hanger.'],
  },
  jackets: {
    caption: 'Jackets',
    icon: 'Jacket',
    palette: ['#4a5a3c'],
    uses: [
      '{a noun} for cool mornings, air-conditioned offices and trips to colder places.',
      '{a noun} that layers over a hoodie or a knit.',
      '{a noun} built for the commute, with room for a phone, keys and a travel card.',
    ],
    traits: {
      Quilted: 'Diamond quilting holds the padding in place so it never bunches.',
      Waterproof: 'A waterproof shell with taped seams; the hood has a stiffened peak.',
      Padded: 'Synthetic padding that stays warm when damp and packs into its own pocket.',
      Lightweight: 'Light enough to roll into a day bag when the sun comes out.',
      'Wool-Blend': 'A wool blend with a brushed face, lined in smooth twill.',
    },
    details: [
      'Two-way zip and press-stud storm flap.',
      'Zipped hand pockets and an inside phone pocket.',
      'Ribbed cuffs that keep out the wind.',
    ],
    care: ['Machine wash at 30 °C, zipped up; line dry.', 'Dry clean only.'],
  },
  trousers: {
    caption: 'Trousers',
    icon: 'Trousers',
    palette: ['#a89070'],
    uses: [
      'Everyday {noun} that go with trainers or loafers.',
      '{noun} comfortable enough for a long flight and neat enough for the office.',
    ],
    traits: {
      Stretch: 'Cotton with 2 % elastane for a little give when you sit or cycle.',
      Tapered: 'Tapered from the knee to a narrow ankle.',
      Relaxed: 'A relaxed seat and thigh with a straight leg.',
      Pleated: 'Single front pleats for room through the hips.',
      'Cotton Twill': 'A sturdy cotton twill that softens and fades gently with wear.',
    },
    details: [
      'Inside leg 78 cm in size M; hemming is easy at any tailor.',
      'Two back pockets, one with a button.',
      'Belt loops and a zip fly with a button fastening.',
    ],
    care: ['Machine wash at 30 °C, inside out.', 'Machine wash cold and tumble dry low.'],
  },
  sneakers: {
    caption: 'Sneakers',
    icon: 'SportShoe',
    palette: ['#e8e4dc'],
    uses: [
      '{noun} for long days on your feet, from the city to the airport.',
      'Everyday {noun} with a cushioned footbed and a grippy rubber sole.',
      '{noun} that go with jeans, chinos and shorts alike.',
    ],
    traits: {
      Retro: 'Styled after 1980s court shoes, with a suede toe cap and contrast heel tab.',
      Knit: 'A one-piece knit upper that stretches with your foot and breathes.',
      Leather: 'A smooth leather upper that softens and creases with wear.',
      Chunky: 'A stacked midsole that adds about 4 cm of height.',
      Lightweight: 'About 250 g per shoe in EU 42.',
      Trail: 'A lugged outsole for grip on gravel and wet paths.',
    },
    details: [
      'Removable insole, so your own orthotics fit.',
      'Padded collar and tongue.',
      'Flat cotton laces, with a spare pair in the box.',
    ],
    care: [
      'Wipe clean with a damp cloth; let them dry away from direct heat.',
      'Brush off dirt when dry; remove the insoles to air them.',
    ],
  },
  boots: {
    caption: 'Boots',
    icon: 'Boot',
    palette: ['#7a5034', '#2f2a26'],
    uses: [
      '{noun} for wet days in the city and muddy trails at the weekend.',
      '{noun} built to be resoled rather than thrown away.',
    ],
    traits: {
      Suede: 'Soft suede, treated to shrug off light rain.',
      Waterproof: 'A waterproof membrane between lining and upper keeps feet dry.',
      'Lug-Sole': 'A deep lug sole for grip on wet stone and loose ground.',
      Leather: 'Full-grain leather that darkens and shapes to your foot.',
      Insulated: 'Lined with warm insulation for temperatures down to about -10 °C.',
    },
    details: [
      'Pull tab at the heel and elastic side panels or laces, depending on the style.',
      'A cushioned footbed with arch support.',
      'Stitched welt construction.',
    ],
    care: [
      'Brush off dirt after wear and condition the leather every few months.',
      'Stuff with paper to dry them, never near a heater.',
    ],
  },
  headphones: {
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
  speakers: {
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
  'phone-cases': {
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
  chargers: {
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
  keyboards: {
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
  mice: {
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
  cookware: {
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
  tableware: {
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
  'bed-sheets': {
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
  pillows: {
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
  serums: {
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
  'face-masks': {
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
  lipsticks: {
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
  'building-blocks': {
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
  'plush-toys': {
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
  'model-kits': {
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
  tents: {
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
  backpacks: {
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
  'yoga-mats': {
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
  dumbbells: {
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
