import { describe, expect, it } from 'vitest';
import { loadArtIcons } from './art-icons.js';
import { bannerArt, monogramArt, productArt } from './svg-art.js';

const icons = await loadArtIcons();

describe('productArt', () => {
  const shoe = { icon: icons.SportShoe, colour: '#24324f', caption: 'Sneakers', pose: 'front' } as const;

  it('draws the same picture from the same input', () => {
    expect(productArt(shoe)).toEqual(productArt({ ...shoe }));
  });

  it('draws the thing itself, so two kinds never look alike', () => {
    const headphones = productArt({ ...shoe, icon: icons.Headphones, caption: 'Audio' });
    const sneakers = productArt(shoe);
    expect(sneakers.svg).toContain(String(icons.SportShoe[0]?.[1].d));
    expect(headphones.svg).toContain(String(icons.Headphones[0]?.[1].d));
    expect(headphones.svg).not.toContain(String(icons.SportShoe[0]?.[1].d));
  });

  it('strokes the icon in a colour that stands out from the product', () => {
    const strokes = (svg: string) => [...svg.matchAll(/stroke="(#[0-9a-f]{6})"/g)].map((match) => match[1]);
    expect(strokes(productArt({ ...shoe, colour: '#1f1f22' }).svg)).toContain('#f8faf9');
    expect(strokes(productArt({ ...shoe, colour: '#f4f3ef' }).svg)).toContain('#1c2326');
  });

  it('frames each pose differently, and leaves the caption off the thumbnail', () => {
    const poses = (['front', 'closer', 'pattern'] as const).map((pose) => productArt({ ...shoe, pose }).svg);
    expect(new Set(poses).size).toBe(3);
    const { svg, thumbnail } = productArt(shoe);
    expect(svg).toContain('>SNEAKERS</text>');
    expect(thumbnail).not.toContain('<text');
    expect(thumbnail).toContain('width="160"');
  });

  it('refuses a colour it cannot draw', () => {
    expect(() => productArt({ ...shoe, colour: 'navy' })).toThrow('#rrggbb');
  });
});

describe('bannerArt', () => {
  it('leaves words off banners that show their title beside the picture', () => {
    const { svg } = bannerArt({ icons: [icons.Tent, icons.Backpack], colours: ['#55704a', '#d9b98c'] });
    expect(svg).not.toContain('<text');
    expect(svg).toContain(String(icons.Tent[0]?.[1].d));
  });

  it('wraps a long title onto two lines at most, and escapes it', () => {
    const { svg } = bannerArt({
      icons: [icons.Keyboard],
      colours: ['#2e4a7d'],
      title: 'Kumo Hot-Swappable Low-Profile Backlit Compact Wireless Mechanical Keyboard <b>',
      subtitle: 'New from Tokyo Audio Works',
    });
    const lines = [...svg.matchAll(/font-size="44"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('New from Tokyo Audio Works');
  });
});

describe('monogramArt', () => {
  it("marks a merchant with its name's initials", () => {
    expect(monogramArt('tokyo-audio-works', 'Tokyo Audio Works').svg).toContain('>TA</text>');
  });
});
