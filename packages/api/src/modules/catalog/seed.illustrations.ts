// SVG illustrations for the demo catalog, drawn locally (no network): a gradient in the brand's
// colour, a simple silhouette of the product's kind in the variant's colour, and initials.
import type { Shape } from './seed.data';

export const ILLUSTRATION_WIDTH = 800;
export const ILLUSTRATION_HEIGHT = 1000;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount > 0 ? 255 : 0;
  const mixed = channels.map((channel) =>
    Math.round(channel + (target - channel) * Math.abs(amount)),
  );
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Silhouettes in a 400×400 box centred on (200, 200). */
const SHAPES: Record<Shape, string> = {
  tshirt:
    '<path d="M130 70 L170 55 Q200 80 230 55 L270 70 L340 130 L305 175 L275 150 L275 340 L125 340 L125 150 L95 175 L60 130 Z"/>',
  pants:
    '<path d="M130 50 L270 50 L290 350 L220 350 L200 150 L180 350 L110 350 Z"/><rect x="130" y="50" width="140" height="22" opacity="0.35" fill="#000"/>',
  dress: '<path d="M165 50 L235 50 L245 120 L225 150 L330 350 L70 350 L175 150 L155 120 Z"/>',
  shorts:
    '<path d="M110 90 L290 90 L310 290 L215 290 L200 180 L185 290 L90 290 Z"/><rect x="110" y="90" width="180" height="22" opacity="0.35" fill="#000"/>',
  hoodie:
    '<path d="M140 90 L165 70 Q200 20 235 70 L260 90 L330 150 L320 340 L285 340 L280 190 L275 350 L125 350 L120 190 L115 340 L80 340 L70 150 Z"/><path d="M170 75 Q200 120 230 75" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="8"/>',
  sneaker:
    '<path d="M60 250 L75 170 Q110 160 150 140 L200 175 Q260 200 330 215 Q355 225 350 260 Z"/><rect x="55" y="255" width="300" height="30" rx="12" fill="#fff" opacity="0.9"/>',
  sandal:
    '<ellipse cx="200" cy="270" rx="160" ry="38" opacity="0.95"/><path d="M120 265 Q140 170 200 165 Q260 170 280 265" fill="none" stroke-width="26" stroke="currentColor"/>',
  boot: '<path d="M140 40 L250 40 L255 220 Q320 235 340 270 L345 310 L120 310 L120 220 Z"/><rect x="115" y="305" width="235" height="28" rx="8" fill="#000" opacity="0.45"/>',
  bag: '<path d="M150 140 Q150 60 200 60 Q250 60 250 140" fill="none" stroke="currentColor" stroke-width="18"/><rect x="90" y="130" width="220" height="210" rx="26"/>',
  glasses:
    '<circle cx="130" cy="200" r="62"/><circle cx="270" cy="200" r="62"/><rect x="185" y="190" width="30" height="14" rx="6"/><rect x="40" y="180" width="40" height="12" rx="6"/><rect x="320" y="180" width="40" height="12" rx="6"/>',
  watch:
    '<rect x="165" y="40" width="70" height="320" rx="18" opacity="0.85"/><circle cx="200" cy="200" r="88"/><circle cx="200" cy="200" r="70" fill="#fff" opacity="0.9"/><path d="M200 200 L200 150 M200 200 L240 215" stroke="#222" stroke-width="8" stroke-linecap="round"/>',
  cap: '<path d="M90 230 Q90 110 200 110 Q310 110 310 230 Z"/><path d="M230 225 Q330 220 370 250 Q300 265 230 250 Z" opacity="0.85"/>',
  vase: '<path d="M160 60 L240 60 L235 110 Q320 170 290 280 Q270 340 200 345 Q130 340 110 280 Q80 170 165 110 Z"/>',
  towel:
    '<rect x="90" y="90" width="220" height="70" rx="18"/><rect x="80" y="165" width="240" height="80" rx="18" opacity="0.85"/><rect x="70" y="250" width="260" height="90" rx="18" opacity="0.7"/>',
  mug: '<rect x="100" y="110" width="170" height="210" rx="22"/><path d="M270 160 Q340 160 340 215 Q340 270 270 270" fill="none" stroke="currentColor" stroke-width="26"/>',
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export interface IllustrationInput {
  /** Rendered width in pixels (the drawing scales; the aspect ratio is always 4:5). */
  width?: number;
  productName: string;
  brandName: string;
  brandColor: string;
  fill: string;
  shape: Shape;
  /** 0: the product; 1: another angle; 2: a close-up. */
  view: number;
}

export function productIllustration(input: IllustrationInput): string {
  const { brandColor, fill, view } = input;
  const light = shade(brandColor, 0.55 - view * 0.12);
  const dark = shade(brandColor, -0.15 + view * 0.05);
  const scale = view === 2 ? 1.7 : view === 1 ? 0.95 : 1.25;
  const rotate = view === 1 ? -8 : 0;
  const dy = view === 2 ? 420 : 430;
  const outline = shade(fill, fill === '#f4f1ea' || fill === '#ece6d6' ? -0.25 : -0.35);
  const width = input.width ?? ILLUSTRATION_WIDTH;
  const height = Math.round((width * ILLUSTRATION_HEIGHT) / ILLUSTRATION_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 1000">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${view === 1 ? 0 : 1}" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="800" height="1000" fill="url(#bg)"/>
  <circle cx="400" cy="430" r="330" fill="url(#glow)"/>
  <ellipse cx="400" cy="${dy + 240 * scale * 0.62}" rx="${200 * scale}" ry="${22 * scale}" fill="#000" opacity="0.12"/>
  <g transform="translate(400 ${dy}) rotate(${rotate}) scale(${scale}) translate(-200 -200)" fill="${fill}" color="${fill}" stroke="${outline}" stroke-width="3" stroke-linejoin="round">
    ${SHAPES[input.shape]}
  </g>
  <text x="400" y="905" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="84" font-weight="bold" text-anchor="middle" fill="#ffffff" fill-opacity="0.92">${escapeXml(initials(input.productName))}</text>
  <text x="400" y="955" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" letter-spacing="6" text-anchor="middle" fill="#ffffff" fill-opacity="0.75">${escapeXml(input.brandName.toUpperCase())}</text>
</svg>`;
}

export function brandLogo(name: string, color: string): string {
  const letters = initials(name) || name.slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <rect width="240" height="240" rx="48" fill="${color}"/>
  <circle cx="120" cy="120" r="84" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
  <text x="120" y="146" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="76" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(letters)}</text>
</svg>`;
}
