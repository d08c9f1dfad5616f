import { createHash } from 'node:crypto';

// Pictures for the demo store, drawn here rather than downloaded: the same seed always gives the same
// picture, so a reseeded store looks the same, and no third-party image ends up in the repository.

export type Art = { svg: string; thumbnail: string };

function hashBytes(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Up to two capital letters from the first words of a name: 'Wireless Studio Headphones' -> 'WS'. */
export function initialsOf(name: string): string {
  const letters = (name.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('') || '?';
}

function palette(bytes: Buffer) {
  const hue = Math.round(((bytes[0] ?? 0) / 255) * 360);
  const accentHue = (hue + 150 + ((bytes[1] ?? 0) % 60)) % 360;
  return {
    background: `hsl(${hue} 55% 88%)`,
    backgroundEdge: `hsl(${hue} 45% 76%)`,
    shape: `hsl(${accentHue} 60% 52%)`,
    ink: `hsl(${hue} 45% 22%)`,
  };
}

function shapeMarkup(kind: number, colour: string, size: number): string {
  const c = size / 2;
  const r = size * 0.28;
  switch (kind % 4) {
    case 0:
      return `<circle cx="${c}" cy="${c}" r="${r}" fill="${colour}"/>`;
    case 1:
      return `<rect x="${c - r}" y="${c - r}" width="${2 * r}" height="${2 * r}" rx="${r * 0.3}" fill="${colour}"/>`;
    case 2:
      return `<polygon points="${c},${c - r * 1.1} ${c + r * 1.1},${c + r * 0.8} ${c - r * 1.1},${c + r * 0.8}" fill="${colour}"/>`;
    default:
      return `<path d="M${c - r} ${c}a${r} ${r} 0 0 1 ${2 * r} 0v${r}h-${2 * r}z" fill="${colour}"/>`;
  }
}

function squareArt(seed: string, label: string, size: number, detailed: boolean): string {
  const bytes = hashBytes(seed);
  const colours = palette(bytes);
  const dots = detailed
    ? Array.from({ length: 6 }, (_, index) => {
        const x = ((bytes[2 + index] ?? 0) / 255) * size;
        const y = ((bytes[8 + index] ?? 0) / 255) * size;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size * 0.04).toFixed(1)}" fill="${colours.backgroundEdge}"/>`;
      }).join('')
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${colours.background}"/>${dots}` +
    shapeMarkup(bytes[14] ?? 0, colours.shape, size) +
    `<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="system-ui,sans-serif" ` +
    `font-weight="700" font-size="${Math.round(size * 0.2)}" fill="${colours.ink}">${escapeXml(label)}</text></svg>`
  );
}

/** A product picture (600 px) and its thumbnail (160 px, without the background detail). */
export function productArt(seed: string, name: string): Art {
  const label = initialsOf(name);
  return { svg: squareArt(seed, label, 600, true), thumbnail: squareArt(seed, label, 160, false) };
}

/** A wide banner picture with its title, and a thumbnail of it. */
export function bannerArt(seed: string, title: string): Art {
  const bytes = hashBytes(seed);
  const colours = palette(bytes);
  const draw = (width: number, height: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 400">` +
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colours.background}"/>` +
    `<stop offset="1" stop-color="${colours.backgroundEdge}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#g)"/>` +
    `<circle cx="1020" cy="200" r="150" fill="${colours.shape}" opacity="0.85"/>` +
    `<text x="80" y="215" font-family="system-ui,sans-serif" font-weight="800" font-size="64" fill="${colours.ink}">` +
    `${escapeXml(title)}</text></svg>`;
  return { svg: draw(1200, 400), thumbnail: draw(300, 100) };
}
