import { createHash } from 'node:crypto';
import type { IconNode } from './art-icons.js';

// Pictures for the demo store, drawn here rather than downloaded: the same input always gives the same
// picture, so a reseeded store looks the same, and no third-party photograph ends up in the repository.

/** A drawing and its thumbnail, with the width each is drawn at (its `width` attribute, in pixels). */
export type Art = { svg: string; thumbnail: string; drawnWidths: { svg: number; thumbnail: number } };

function hashBytes(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

// -----------------------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `colour` moved `amount` (0-1) of the way towards `target`. */
function mix(colour: string, target: string, amount: number): string {
  const from = parseHex(colour);
  const to = parseHex(target);
  return toHex(from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * amount) as Rgb);
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((channel) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const INK = '#1c2326';
const WHITE = '#ffffff';

/** Strokes that stand out on `colour`: dark ink on light colours, near-white on dark ones. */
function inkOn(colour: string): string {
  return luminance(colour) > 0.28 ? INK : '#f8faf9';
}

/** A pale backdrop for a thing of `colour`; a warm grey when the thing itself is nearly white. */
function backdropFor(colour: string): string {
  return luminance(colour) > 0.75 ? '#e4e1dc' : mix(colour, WHITE, 0.86);
}

// -----------------------------------------------------------------------------------------------------------
// Icons

function iconMarkup(icon: IconNode): string {
  return icon
    .map(([tag, attributes]) => {
      const text = Object.entries(attributes)
        .filter(([name, value]) => value !== undefined && name !== 'key')
        .map(([name, value]) => `${name}="${escapeXml(String(value))}"`)
        .join(' ');
      return `<${tag} ${text}/>`;
    })
    .join('');
}

/** An icon (drawn on a 24-unit grid) centred on (x, y), `size` units across, stroked in `stroke`. */
function placeIcon(icon: IconNode, x: number, y: number, size: number, stroke: string, rotate = 0): string {
  const scale = size / 24;
  const turn = rotate ? ` rotate(${rotate} 12 12)` : '';
  return (
    `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}" fill="none" ` +
    `stroke="${stroke}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">` +
    `${iconMarkup(icon)}</g>`
  );
}

type TextStyle = { size: number; fill: string; anchor?: 'start' | 'middle'; spaced?: boolean };

function label(
  text: string,
  x: number,
  y: number,
  { size, fill, anchor = 'middle', spaced }: TextStyle,
): string {
  const spacing = spaced ? ` letter-spacing="${(size * 0.12).toFixed(1)}"` : '';
  return (
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="system-ui,-apple-system,'Segoe UI',sans-serif" ` +
    `font-weight="600" font-size="${size}"${spacing} fill="${fill}">${escapeXml(text)}</text>`
  );
}

// -----------------------------------------------------------------------------------------------------------
// Product pictures

/**
 * How the picture is framed, so a product's gallery shows three different views: the thing on a disc,
 * a closer tilted look on a tile, and the thing among a faint pattern of itself.
 */
export type ProductPose = 'front' | 'closer' | 'pattern';

export type ProductPicture = {
  /** What the product is: a shoe for sneakers, headphones for audio. */
  icon: IconNode;
  /** The product's colour, '#rrggbb'. */
  colour: string;
  /** A short word under the picture (the product's kind). */
  caption: string;
  pose: ProductPose;
};

function productSvg(
  { icon, colour, caption, pose }: ProductPicture,
  size: number,
  detailed: boolean,
): string {
  const backdrop = backdropFor(colour);
  const ink = inkOn(colour);
  const shade = mix(colour, '#000000', 0.25);
  const parts: string[] = [`<rect width="600" height="600" fill="${backdrop}"/>`];
  const centreY = detailed ? 285 : 300;
  if (pose === 'front') {
    parts.push(
      `<ellipse cx="300" cy="${centreY + 205}" rx="150" ry="16" fill="${mix(backdrop, '#000000', 0.12)}"/>`,
      `<circle cx="300" cy="${centreY}" r="200" fill="${colour}"/>`,
      placeIcon(icon, 304, centreY + 4, 300, shade),
      placeIcon(icon, 300, centreY, 300, ink),
    );
  } else if (pose === 'closer') {
    parts.push(
      `<rect x="70" y="${centreY - 230}" width="460" height="460" rx="96" fill="${colour}" transform="rotate(-6 300 ${centreY})"/>`,
      placeIcon(icon, 300, centreY, 380, ink, -10),
    );
  } else {
    if (detailed) {
      const faint = mix(backdrop, colour, 0.35);
      for (let row = 0; row < 4; row += 1)
        for (let column = 0; column < 4; column += 1)
          parts.push(placeIcon(icon, 75 + column * 150 + (row % 2) * 40, 75 + row * 150, 70, faint));
    }
    parts.push(
      `<rect x="130" y="${centreY - 170}" width="340" height="340" rx="48" fill="${WHITE}" stroke="${mix(colour, WHITE, 0.5)}" stroke-width="6"/>`,
      placeIcon(icon, 300, centreY, 240, luminance(colour) > 0.75 ? INK : colour),
    );
  }
  if (detailed) {
    parts.push(
      label(caption.toUpperCase(), 300, 568, { size: 26, fill: mix(backdrop, INK, 0.7), spaced: true }),
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">` +
    `${parts.join('')}</svg>`
  );
}

/** A product picture (600 px) and its thumbnail (160 px, without the caption and pattern). */
export function productArt(picture: ProductPicture): Art {
  const drawnWidths = { svg: 600, thumbnail: 160 };
  return {
    svg: productSvg(picture, drawnWidths.svg, true),
    thumbnail: productSvg(picture, drawnWidths.thumbnail, false),
    drawnWidths,
  };
}

// -----------------------------------------------------------------------------------------------------------
// Banners and campaign pictures

export type BannerPicture = {
  /** The things the banner shows, left to right (one to four). */
  icons: IconNode[];
  /** A colour per icon, '#rrggbb'; the first also tints the background. */
  colours: string[];
  /** Text drawn on the picture (campaign pages); banners that show their title beside it leave it out. */
  title?: string;
  subtitle?: string;
};

/** How wide the words of a campaign picture may run, left of its pictures. */
const TEXT_WIDTH = 520;

/**
 * Lines of at most `width` units in a sans-serif of `size` (judged at 0.6 em a character, which holds for
 * the system fonts), the last one shortened with an ellipsis when the text needs more than `maxLines`.
 */
function wrapWords(text: string, width: number, size: number, maxLines: number): string[] {
  const perLine = Math.floor(width / (size * 0.6));
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.slice(0, perLine - 1)}…`;
  return kept;
}

function bannerSvg(
  { icons, colours, title, subtitle }: BannerPicture,
  width: number,
  height: number,
): string {
  const base = colours[0] ?? '#4b7b74';
  const background = backdropFor(base);
  const parts = [
    `<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${background}"/>` +
      `<stop offset="1" stop-color="${mix(background, base, 0.3)}"/></linearGradient></defs>`,
    '<rect width="1200" height="400" fill="url(#g)"/>',
  ];
  // With text, the pictures sit on the right and the words on the left; without, they fill the width.
  // Neighbouring discs overlap by a quarter of their width.
  const [left, right] = title ? [620, 1160] : [40, 1160];
  const radius = Math.min(140, (right - left) / (2 + 1.5 * (icons.length - 1)));
  const firstX = (left + right) / 2 - ((icons.length - 1) * 1.5 * radius) / 2;
  icons.forEach((icon, index) => {
    const colour = colours[index % colours.length] ?? base;
    const x = firstX + index * 1.5 * radius;
    const y = 200 + (index % 2 === 0 ? -12 : 12);
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${radius}" fill="${colour}" stroke="${background}" stroke-width="8"/>`,
      placeIcon(icon, x, y, radius * 1.3, inkOn(colour)),
    );
  });
  if (title) {
    const titleSize = title.length > 24 ? 44 : 60;
    const titleLines = wrapWords(title, TEXT_WIDTH, titleSize, 2);
    const subtitleLines = subtitle ? wrapWords(subtitle, TEXT_WIDTH, 28, 2) : [];
    const blockHeight = titleLines.length * titleSize * 1.1 + subtitleLines.length * 36 + (subtitle ? 16 : 0);
    let baseline = 200 - blockHeight / 2 + titleSize * 0.85;
    for (const line of titleLines) {
      parts.push(label(line, 70, baseline, { size: titleSize, fill: INK, anchor: 'start' }));
      baseline += titleSize * 1.1;
    }
    baseline += 16;
    for (const line of subtitleLines) {
      parts.push(label(line, 72, baseline, { size: 28, fill: mix(background, INK, 0.75), anchor: 'start' }));
      baseline += 36;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 400">` +
    `${parts.join('')}</svg>`
  );
}

/** A wide (3:1) picture and its thumbnail. */
export function bannerArt(picture: BannerPicture): Art {
  const drawnWidths = { svg: 1200, thumbnail: 300 };
  return {
    svg: bannerSvg(picture, drawnWidths.svg, drawnWidths.svg / 3),
    thumbnail: bannerSvg(picture, drawnWidths.thumbnail, drawnWidths.thumbnail / 3),
    drawnWidths,
  };
}

// -----------------------------------------------------------------------------------------------------------
// Merchant logos

/** Up to two capital letters from the first words of a name: 'Tokyo Audio Works' -> 'TA'. */
export function initialsOf(name: string): string {
  const letters = (name.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('') || '?';
}

function monogramSvg(seed: string, name: string, size: number): string {
  const bytes = hashBytes(seed);
  const hue = Math.round(((bytes[0] ?? 0) / 255) * 360);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">` +
    `<rect width="600" height="600" rx="120" fill="hsl(${hue} 45% 30%)"/>` +
    `<rect x="36" y="36" width="528" height="528" rx="92" fill="none" stroke="hsl(${hue} 50% 70%)" stroke-width="10"/>` +
    `<text x="300" y="330" text-anchor="middle" dominant-baseline="middle" font-family="Georgia,'Times New Roman',serif" ` +
    `font-weight="700" font-size="230" fill="hsl(${hue} 60% 92%)">${escapeXml(initialsOf(name))}</text></svg>`
  );
}

/** A merchant's logo: its initials as a monogram, the way small shops mark themselves. */
export function monogramArt(seed: string, name: string): Art {
  const drawnWidths = { svg: 600, thumbnail: 160 };
  return {
    svg: monogramSvg(seed, name, drawnWidths.svg),
    thumbnail: monogramSvg(seed, name, drawnWidths.thumbnail),
    drawnWidths,
  };
}
