// WCAG 2.2 contrast between two CSS colours (#rgb, #rrggbb or rgba()), a translucent foreground laid
// over its background first, as the browser paints it. Used to keep theme tokens at AA.

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const c = colour.trim().toLowerCase();
  const rgba = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(c);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), rgba[4] === undefined ? 1 : Number(rgba[4])];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c)?.[1];
  if (!hex) throw new Error(`Not a colour: ${colour}`);
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join("") : hex;
  const at = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [at(0), at(2), at(4), full.length === 8 ? at(6) / 255 : 1];
}

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance (0 black … 1 white) of an opaque colour. */
export function luminance(colour: string): number {
  const [r, g, b] = parse(colour);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1 … 21) of `foreground` painted on the opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const [br, bg, bb] = parse(background);
  const [fr, fg, fb, a] = parse(foreground);
  const mix = (f: number, b: number) => Math.round(f * a + b * (1 - a));
  const painted = `rgb(${mix(fr, br)}, ${mix(fg, bg)}, ${mix(fb, bb)})`;
  const [l1, l2] = [luminance(painted), luminance(background)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}
