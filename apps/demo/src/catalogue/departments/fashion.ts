import type { Department, LeafSpec } from './department.js';

// The Fashion department of the generated store: its categories, and what the products of each are.

const DRESSES: LeafSpec = {
  id: 'dresses',
  name: 'Dresses',
  nouns: ['Midi Dress', 'Wrap Dress', 'Shirt Dress', 'Slip Dress'],
  variants: 'apparel',
  price: [29, 129],
  merchants: ['shibuya-street-style', 'brooklyn-basics'],
  kind: {
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
};

const TOPS: LeafSpec = {
  id: 'tops',
  name: 'Tops & Blouses',
  nouns: ['Blouse', 'Knit Top', 'Tee', 'Camisole'],
  variants: 'apparel',
  price: [15, 69],
  merchants: ['shibuya-street-style'],
  kind: {
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
};

const SKIRTS: LeafSpec = {
  id: 'skirts',
  name: 'Skirts',
  nouns: ['Midi Skirt', 'Pleated Skirt', 'Denim Skirt', 'A-Line Skirt'],
  variants: 'apparel',
  price: [25, 89],
  merchants: ['shibuya-street-style'],
  kind: {
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
};

const SHIRTS: LeafSpec = {
  id: 'shirts',
  name: 'Shirts',
  nouns: ['Oxford Shirt', 'Flannel Shirt', 'Linen Shirt', 'Polo Shirt'],
  variants: 'apparel',
  price: [25, 99],
  merchants: ['brooklyn-basics', 'shibuya-street-style'],
  kind: {
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
};

const JACKETS: LeafSpec = {
  id: 'jackets',
  name: 'Jackets & Coats',
  nouns: ['Bomber Jacket', 'Denim Jacket', 'Parka', 'Trench Coat'],
  variants: 'apparel',
  price: [69, 329],
  merchants: ['brooklyn-basics', 'busan-outdoor'],
  kind: {
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
};

const TROUSERS: LeafSpec = {
  id: 'trousers',
  name: 'Trousers',
  nouns: ['Chinos', 'Cargo Trousers', 'Jogger Pants', 'Wide-Leg Trousers'],
  variants: 'apparel',
  price: [35, 119],
  merchants: ['brooklyn-basics'],
  kind: {
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
};

const SNEAKERS: LeafSpec = {
  id: 'sneakers',
  name: 'Sneakers',
  nouns: ['Sneakers', 'Running Shoes', 'Canvas Low-Tops', 'Trainers'],
  variants: 'shoes',
  price: [59, 259],
  merchants: ['lion-city-sports', 'brooklyn-basics'],
  kind: {
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
};

const BOOTS: LeafSpec = {
  id: 'boots',
  name: 'Boots',
  nouns: ['Chelsea Boots', 'Hiking Boots', 'Combat Boots', 'Ankle Boots'],
  variants: 'shoes',
  price: [89, 299],
  merchants: ['busan-outdoor'],
  kind: {
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
};

export const FASHION: Department = {
  id: 'fashion',
  name: 'Fashion',
  children: [
    {
      id: 'womens-clothing',
      name: "Women's Clothing",
      children: [DRESSES, TOPS, SKIRTS],
    },
    {
      id: 'mens-clothing',
      name: "Men's Clothing",
      children: [SHIRTS, JACKETS, TROUSERS],
    },
    {
      id: 'shoes',
      name: 'Shoes',
      children: [SNEAKERS, BOOTS],
    },
  ],
};
