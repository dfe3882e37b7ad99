import { imagePipeline } from '../infra/images/images';
import { seededRandom } from '@ridgeline/shared/domain/seeded-random';

// The demo's field photos as drawings: one scene per kind of shot (the front of the house, a side, a
// roof slope, a test square, a dented gutter, a hail bruise ...), drawn once as SVG with a grain of
// camera noise over it and kept as a JPEG, and a caption (and for a test square its chalk marks)
// drawn over a scene for each photo. Every photo is 1600 x 1200, a phone camera's 4:3 frame. The
// scenes are drawn from a fixed seed, so every run draws the same pictures.

export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1200;
const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

export const SCENES = [
  'house-front',
  'house-side',
  'house-rear',
  'address',
  'street',
  'slope-hail',
  'slope-wind',
  'slope-worn',
  'test-square',
  'ridge',
  'vent',
  'skylight',
  'gutter',
  'downspout',
  'ac-unit',
  'ceiling-stain',
  'attic',
  'hail-bruise',
  'granule-loss',
  'wind-crease',
  'missing-shingle',
  'puncture',
] as const;
export type Scene = (typeof SCENES)[number];

const svg = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

const gray = (next: () => number, base: number, spread: number) => {
  const v = Math.round(base + (next() - 0.5) * spread);
  return `rgb(${v},${v + 2},${v + 6})`;
};

const SKY =
  '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fa9d6"/><stop offset="1" stop-color="#d8e6f3"/></linearGradient>';
const LAWN =
  '<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d9a48"/><stop offset="1" stop-color="#41692c"/></linearGradient>';
const SIDING =
  '<pattern id="siding" width="40" height="22" patternUnits="userSpaceOnUse"><rect width="40" height="22" fill="#d8ccb4"/><rect y="18" width="40" height="4" fill="#b9ad95"/></pattern>';
const BRICK =
  '<pattern id="brick" width="120" height="56" patternUnits="userSpaceOnUse"><rect width="120" height="56" fill="#c9c2b6"/><rect x="2" y="2" width="116" height="24" fill="#9a4a35"/><rect x="-58" y="30" width="116" height="24" fill="#8e4331"/><rect x="62" y="30" width="116" height="24" fill="#a14f39"/></pattern>';

/** Shingle courses across a band, in perspective when `grow` > 0: each course taller than the one above. */
function courses(next: () => number, top: number, bottom: number, first: number, grow: number, base = 82): string {
  const parts: string[] = [];
  let y = top;
  let row = 0;
  let height = first;
  while (y < bottom) {
    const tab = height * 2.9;
    const offset = row % 2 === 0 ? 0 : tab / 2;
    for (let x = -offset; x < W; x += tab) {
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(tab - Math.max(1.5, height * 0.05)).toFixed(1)}" height="${(height + 1).toFixed(1)}" fill="${gray(next, base, 22)}"/>`,
      );
    }
    parts.push(
      `<rect x="0" y="${(y + height - Math.max(1.5, height * 0.08)).toFixed(1)}" width="${W}" height="${Math.max(1.5, height * 0.08).toFixed(1)}" fill="#34373b" opacity="0.8"/>`,
    );
    y += height;
    height *= 1 + grow;
    row += 1;
  }
  return parts.join('');
}

/** Dark, round bruises scattered over a band of roof, larger toward the camera. */
function bruises(next: () => number, count: number, top: number, bottom: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = top + next() * (bottom - top);
    const scale = 0.4 + ((y - top) / (bottom - top)) * 1.6;
    const r = (6 + next() * 9) * scale;
    parts.push(
      `<ellipse cx="${(next() * W).toFixed(0)}" cy="${y.toFixed(0)}" rx="${r.toFixed(1)}" ry="${(r * 0.75).toFixed(1)}" fill="#1f2124" opacity="${(0.55 + next() * 0.3).toFixed(2)}"/>`,
    );
  }
  return parts.join('');
}

function house(kind: 'front' | 'side' | 'rear'): string {
  const tree =
    '<rect x="150" y="560" width="34" height="300" fill="#5b4330"/><circle cx="167" cy="520" r="130" fill="#3f6b2f"/><circle cx="95" cy="600" r="90" fill="#477636"/><circle cx="240" cy="590" r="95" fill="#386129"/>';
  const ground = `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="840" width="${W}" height="360" fill="url(#lawn)"/>`;
  const window = (x: number, y: number, w = 130, h = 120) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#93b7cf" stroke="#f4f1ea" stroke-width="10"/><rect x="${x + w / 2 - 4}" y="${y}" width="8" height="${h}" fill="#f4f1ea"/><rect x="${x}" y="${y + h / 2 - 4}" width="${w}" height="8" fill="#f4f1ea"/>`;
  if (kind === 'side') {
    return svg(
      `${ground}${tree}<rect x="440" y="500" width="720" height="360" fill="url(#siding)"/><polygon points="440,500 800,250 1160,500" fill="url(#siding)"/>` +
        `<polygon points="410,512 800,236 1190,512 1170,526 800,262 430,526" fill="#474b51"/>${window(560, 600)}${window(910, 600)}<polygon points="760,380 840,380 800,340" fill="#f4f1ea"/>` +
        `<rect x="1128" y="500" width="22" height="360" fill="#ecebe6"/><rect x="1180" y="760" width="150" height="110" fill="#b8bcc0"/><g stroke="#8b9095" stroke-width="3">${Array.from({ length: 14 }, (_, i) => `<line x1="${1188 + i * 10}" y1="770" x2="${1188 + i * 10}" y2="860"/>`).join('')}</g>` +
        `<rect y="860" width="${W}" height="8" fill="#7c7462"/>`,
      `${SKY}${LAWN}${SIDING}`,
    );
  }
  const roof = '<polygon points="300,500 800,215 1300,500" fill="#4a4e54"/>';
  const shingleLines = Array.from({ length: 12 }, (_, i) => {
    const y = 240 + i * 22;
    const half = ((y - 215) / 285) * 500;
    return `<line x1="${(800 - half).toFixed(0)}" y1="${y}" x2="${(800 + half).toFixed(0)}" y2="${y}" stroke="#393c41" stroke-width="3"/>`;
  }).join('');
  const body = `<rect x="340" y="490" width="920" height="370" fill="url(#siding)"/>${roof}${shingleLines}<rect x="300" y="496" width="1000" height="14" fill="#efefec"/>`;
  const front =
    `${window(400, 580)}${window(640, 580, 90, 120)}<rect x="560" y="650" width="70" height="210" fill="#6e3a27"/><circle cx="615" cy="760" r="6" fill="#d9b45a"/>` +
    `<rect x="880" y="620" width="330" height="240" fill="#ecebe6"/><g stroke="#c9c8c2" stroke-width="6">${[680, 740, 800].map((y) => `<line x1="880" y1="${y}" x2="1210" y2="${y}"/>`).join('')}</g>` +
    `<polygon points="880,860 1210,860 1360,1200 760,1200" fill="#b5b0a6"/><polygon points="560,860 630,860 660,1200 520,1200" fill="#c4beb2"/>`;
  const rear =
    `${window(420, 580)}${window(1040, 580)}<rect x="640" y="610" width="300" height="250" fill="#8fb1c6" stroke="#f4f1ea" stroke-width="10"/><rect x="786" y="610" width="8" height="250" fill="#f4f1ea"/>` +
    `<polygon points="560,860 1020,860 1080,960 500,960" fill="#8a6a4a"/><g stroke="#6f5439" stroke-width="4">${[885, 910, 935].map((y) => `<line x1="540" y1="${y}" x2="1050" y2="${y}"/>`).join('')}</g>`;
  return svg(`${ground}${tree}${body}${kind === 'front' ? front : rear}`, `${SKY}${LAWN}${SIDING}`);
}

function slope(variant: 'hail' | 'wind' | 'worn', seed: number): string {
  const next = seededRandom(seed);
  const treeLine = Array.from(
    { length: 28 },
    (_, i) => `<circle cx="${i * 60 + next() * 30}" cy="${300 + next() * 30}" r="${45 + next() * 30}" fill="${next() > 0.5 ? '#3e6230' : '#355628'}"/>`,
  ).join('');
  let damage = '';
  if (variant === 'hail') damage = bruises(next, 150, 360, 1200);
  if (variant === 'wind') {
    const gaps: string[] = [];
    for (let i = 0; i < 5; i++) {
      const y = 520 + next() * 560;
      const h = 30 + ((y - 360) / 840) * 50;
      const x = next() * (W - 300);
      gaps.push(`<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(h * 3).toFixed(0)}" height="${h.toFixed(0)}" fill="#3b3029"/>`);
      gaps.push(
        `<circle cx="${(x + h * 0.6).toFixed(0)}" cy="${(y + h * 0.45).toFixed(0)}" r="4" fill="#c9c9c9"/><circle cx="${(x + h * 2.3).toFixed(0)}" cy="${(y + h * 0.45).toFixed(0)}" r="4" fill="#c9c9c9"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      const y = 450 + next() * 700;
      const x = next() * (W - 200);
      gaps.push(
        `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${(x + 140 + next() * 80).toFixed(0)}" y2="${(y + (next() - 0.5) * 8).toFixed(0)}" stroke="#a9acb0" stroke-width="4" opacity="0.8"/>`,
      );
    }
    damage = gaps.join('');
  }
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>${treeLine}<polygon points="0,360 ${W},340 ${W},${H} 0,${H}" fill="#4d5157"/>` +
      `<clipPath id="plane"><polygon points="0,360 ${W},340 ${W},${H} 0,${H}"/></clipPath><g clip-path="url(#plane)">${courses(next, 340, H, 16, 0.085, variant === 'worn' ? 96 : 82)}${damage}</g>`,
    SKY,
  );
}

/** A close-up of a shingle's surface, with what the damage looks like drawn over it. */
function closeUp(scene: Scene): string {
  const next = seededRandom(SCENES.indexOf(scene) + 100);
  const surface = `<rect width="${W}" height="${H}" fill="#55595f"/>${courses(next, -40, H, 300, 0, 86)}`;
  const quarter =
    '<circle cx="1330" cy="960" r="92" fill="#b9bcc0" stroke="#8e9296" stroke-width="8"/><circle cx="1330" cy="960" r="70" fill="none" stroke="#a3a7ab" stroke-width="4"/>';
  const chalk = (cx: number, cy: number, r: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.92}" fill="none" stroke="#f2f2ee" stroke-width="12" opacity="0.92"/>`;
  let mark = '';
  switch (scene) {
    case 'hail-bruise':
      mark = `<circle cx="760" cy="560" r="120" fill="#202225"/><circle cx="760" cy="560" r="80" fill="#17181a"/>${chalk(760, 560, 210)}${quarter}`;
      break;
    case 'granule-loss':
      mark = Array.from(
        { length: 26 },
        () =>
          `<ellipse cx="${(200 + next() * 1200).toFixed(0)}" cy="${(150 + next() * 900).toFixed(0)}" rx="${(30 + next() * 90).toFixed(0)}" ry="${(20 + next() * 50).toFixed(0)}" fill="#25272a" opacity="0.85"/>`,
      ).join('');
      break;
    case 'wind-crease':
      mark = `<polygon points="240,300 1360,300 1400,520 200,520" fill="#6a6f76"/><polygon points="200,520 1400,520 1380,560 220,560" fill="#2a2c2f"/><polyline points="260,430 560,418 820,436 1080,414 1340,428" fill="none" stroke="#c9ccd0" stroke-width="9"/><polyline points="260,442 560,430 820,448 1080,426 1340,440" fill="none" stroke="#222427" stroke-width="5"/>${chalk(800, 430, 330)}`;
      break;
    case 'missing-shingle':
      mark = `<rect x="420" y="300" width="760" height="520" fill="#2f2823"/>${[500, 700, 900, 1100].map((x) => `<circle cx="${x}" cy="420" r="10" fill="#d0d0d0"/>`).join('')}<polygon points="420,300 1180,300 1120,330 470,330" fill="#43403c"/>`;
      break;
    case 'puncture':
      mark = `<polygon points="760,520 800,470 850,500 880,560 840,620 780,630 740,580" fill="#0d0d0e"/><polygon points="740,580 700,640 780,630" fill="#2a2b2e"/>${chalk(805, 555, 190)}${quarter}`;
      break;
    default:
      break;
  }
  return svg(`${surface}${mark}`);
}

function sceneSvg(scene: Scene): string {
  const next = seededRandom(SCENES.indexOf(scene) + 1);
  switch (scene) {
    case 'house-front':
      return house('front');
    case 'house-side':
      return house('side');
    case 'house-rear':
      return house('rear');
    case 'address':
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#brick)"/><rect x="380" y="330" width="840" height="420" rx="26" fill="#1f2a36"/><rect x="400" y="350" width="800" height="380" rx="18" fill="none" stroke="#c9a75a" stroke-width="8"/><rect x="1260" y="220" width="160" height="260" rx="20" fill="#2b2b2b"/><circle cx="1340" cy="300" r="50" fill="#f3e2a6"/>`,
        BRICK,
      );
    case 'street': {
      const houses = [100, 520, 1020, 1360]
        .map(
          (x, i) =>
            `<rect x="${x}" y="${420 + i * 8}" width="260" height="150" fill="${['#c9b99c', '#a8b2b8', '#d6cdbd', '#b7a48c'][i]}"/><polygon points="${x - 20},${430 + i * 8} ${x + 130},${340 + i * 8} ${x + 280},${430 + i * 8}" fill="#4b4f55"/>`,
        )
        .join('');
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#sky)"/>${houses}<rect y="560" width="${W}" height="640" fill="url(#lawn)"/><polygon points="700,560 900,560 1600,1200 0,1200" fill="#5a5d61"/><polygon points="790,600 810,600 830,700 770,700" fill="#e8d36a"/><polygon points="760,800 840,800 880,1000 720,1000" fill="#e8d36a"/>`,
        `${SKY}${LAWN}`,
      );
    }
    case 'slope-hail':
      return slope('hail', 21);
    case 'slope-wind':
      return slope('wind', 22);
    case 'slope-worn':
      return slope('worn', 23);
    case 'test-square':
      return svg(`<rect width="${W}" height="${H}" fill="#55595f"/>${courses(next, -20, H, 92, 0, 84)}${bruises(next, 10, 40, H)}`);
    case 'ridge':
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#sky)"/><polygon points="0,520 ${W},470 ${W},${H} 0,${H}" fill="#4d5157"/><clipPath id="plane"><polygon points="0,520 ${W},470 ${W},${H} 0,${H}"/></clipPath><g clip-path="url(#plane)">${courses(next, 470, H, 30, 0.07)}</g>` +
          Array.from(
            { length: 14 },
            (_, i) =>
              `<polygon points="${i * 120 - 10},${522 - i * 3.6} ${i * 120 + 120},${518 - i * 3.6} ${i * 120 + 110},${470 - i * 3.6} ${i * 120},${474 - i * 3.6}" fill="${gray(next, 72, 18)}" stroke="#2e3034" stroke-width="3"/>`,
          ).join('') +
          bruises(next, 40, 520, H),
        SKY,
      );
    case 'vent':
    case 'skylight': {
      const roof = `<rect width="${W}" height="${H}" fill="#4d5157"/>${courses(next, -10, H, 70, 0.02)}`;
      const thing =
        scene === 'vent'
          ? `<polygon points="560,420 1040,420 1100,760 500,760" fill="#7a7f85"/><polygon points="600,330 1000,330 1040,420 560,420" fill="#959aa0"/>${Array.from({ length: 9 }, () => `<ellipse cx="${(620 + next() * 360).toFixed(0)}" cy="${(360 + next() * 360).toFixed(0)}" rx="${(12 + next() * 12).toFixed(0)}" ry="${(9 + next() * 8).toFixed(0)}" fill="#5a5f64" stroke="#b4b9be" stroke-width="3"/>`).join('')}`
          : `<rect x="470" y="300" width="660" height="560" fill="#d8d8d4"/><rect x="510" y="340" width="580" height="480" fill="#7fa3bd"/><polyline points="640,340 720,470 690,560 800,700 780,820" fill="none" stroke="#f4f6f8" stroke-width="5"/><polyline points="720,470 860,500 980,440" fill="none" stroke="#f4f6f8" stroke-width="4"/>`;
      return svg(`${roof}${thing}`);
    }
    case 'gutter':
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="0" width="${W}" height="380" fill="#4d5157"/>${courses(next, 0, 380, 70, 0)}<rect y="380" width="${W}" height="40" fill="#e9e7e2"/>` +
          `<linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f6f4"/><stop offset="0.6" stop-color="#d2d3d1"/><stop offset="1" stop-color="#a9abab"/></linearGradient>` +
          `<rect y="420" width="${W}" height="260" fill="url(#metal)"/><rect y="420" width="${W}" height="18" fill="#fbfbfa"/>` +
          Array.from({ length: 11 }, () => {
            const cx = (80 + next() * 1440).toFixed(0);
            const cy = (500 + next() * 120).toFixed(0);
            return `<ellipse cx="${cx}" cy="${cy}" rx="${(28 + next() * 22).toFixed(0)}" ry="${(20 + next() * 14).toFixed(0)}" fill="#9c9e9e" opacity="0.8"/><ellipse cx="${cx}" cy="${Number(cy) - 8}" rx="20" ry="10" fill="#ffffff" opacity="0.5"/>`;
          }).join('') +
          `<rect y="680" width="${W}" height="520" fill="url(#siding)"/>`,
        `${SKY}${SIDING}`,
      );
    case 'downspout':
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#siding)"/><linearGradient id="pipe" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b4b6b5"/><stop offset="0.45" stop-color="#f7f7f5"/><stop offset="1" stop-color="#a5a7a6"/></linearGradient>` +
          `<rect x="690" y="0" width="220" height="1010" fill="url(#pipe)"/><polygon points="690,1010 910,1010 1060,1200 820,1200" fill="url(#pipe)"/><rect x="0" y="1100" width="${W}" height="100" fill="#6f6a5c" opacity="0.6"/>` +
          Array.from({ length: 6 }, () => {
            const cy = (120 + next() * 800).toFixed(0);
            return `<ellipse cx="${(740 + next() * 120).toFixed(0)}" cy="${cy}" rx="${(30 + next() * 20).toFixed(0)}" ry="${(24 + next() * 14).toFixed(0)}" fill="#8e908f" opacity="0.75"/>`;
          }).join(''),
        SIDING,
      );
    case 'ac-unit':
      return svg(
        `<rect width="${W}" height="${H}" fill="url(#siding)"/><rect y="940" width="${W}" height="260" fill="#9b9a92"/><rect x="380" y="260" width="840" height="760" rx="16" fill="#c4c7c9"/><rect x="420" y="300" width="760" height="660" fill="#7d8286"/>` +
          `<g stroke="#a9aeb2" stroke-width="5">${Array.from({ length: 76 }, (_, i) => `<line x1="${424 + i * 10}" y1="300" x2="${424 + i * 10}" y2="960"/>`).join('')}</g>` +
          Array.from(
            { length: 30 },
            () =>
              `<ellipse cx="${(440 + next() * 720).toFixed(0)}" cy="${(320 + next() * 620).toFixed(0)}" rx="${(10 + next() * 16).toFixed(0)}" ry="${(8 + next() * 10).toFixed(0)}" fill="#4f5357" opacity="0.8"/>`,
          ).join(''),
        SIDING,
      );
    case 'ceiling-stain':
      return svg(
        `<rect width="${W}" height="${H}" fill="#ece9e2"/><radialGradient id="stain"><stop offset="0" stop-color="#c9a97a" stop-opacity="0.7"/><stop offset="0.75" stop-color="#b68f5c" stop-opacity="0.55"/><stop offset="0.88" stop-color="#8f6a3e" stop-opacity="0.75"/><stop offset="1" stop-color="#8f6a3e" stop-opacity="0"/></radialGradient>` +
          `<ellipse cx="820" cy="560" rx="420" ry="300" fill="url(#stain)"/><ellipse cx="1040" cy="660" rx="220" ry="160" fill="url(#stain)"/><circle cx="300" cy="960" r="110" fill="#f7f6f2" stroke="#d5d1c8" stroke-width="8"/>`,
      );
    case 'attic':
      return svg(
        `<rect width="${W}" height="${H}" fill="#6b5236"/>` +
          Array.from(
            { length: 9 },
            (_, i) => `<polygon points="${i * 200 - 60},${H} ${i * 200 + 10},${H} ${i * 200 + 220},0 ${i * 200 + 150},0" fill="#b58a57"/>`,
          ).join('') +
          `<polygon points="700,0 900,0 860,${H} 640,${H}" fill="#3e2c1c" opacity="0.55"/><rect y="1050" width="${W}" height="150" fill="#d9c9a0"/>`,
      );
    default:
      return closeUp(scene);
  }
}

let grain: Promise<Buffer> | null = null;
/** Camera noise, made once: mid-gray pixels scattered around 128 (the sum of two draws), laid over every scene. */
function cameraGrain(): Promise<Buffer> {
  if (!grain) {
    const next = seededRandom(7);
    const pixels = Buffer.alloc(W * H);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(120 + (next() + next()) * 8);
    grain = imagePipeline(pixels, { raw: { width: W, height: H, channels: 1 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
  }
  return grain;
}

const scenes = new Map<Scene, Promise<Buffer>>();

/** A scene drawn with its grain, as a JPEG; drawn once, the same buffer after. */
function sceneImage(scene: Scene): Promise<Buffer> {
  let drawn = scenes.get(scene);
  if (!drawn) {
    drawn = cameraGrain().then((noise) =>
      imagePipeline(Buffer.from(sceneSvg(scene)))
        .composite([{ input: noise, blend: 'soft-light' }])
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    scenes.set(scene, drawn);
  }
  return drawn;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SANS = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const CAPTION = { left: 40, top: H - 170, width: W - 80, height: 130 };

export type PhotoMarks = {
  /** The shot, the caption's first line ("Slope N", "Test square N = 11"). */
  label: string;
  /** The caption's second line (the property's street). */
  detail: string;
  /** A test square: its chalk outline and a chalk circle around each hail hit, placed from `seed`. */
  testSquare?: { direction: string; hits: number; seed: number };
  /** The address plaque's house number. */
  houseNumber?: string;
};

/** What is drawn over the whole frame: a test square's chalk, or the plaque's number; null for neither. */
function frameMarks(marks: PhotoMarks): string | null {
  const parts: string[] = [];
  if (marks.testSquare) {
    const { hits, direction, seed } = marks.testSquare;
    const next = seededRandom(seed);
    parts.push('<rect x="330" y="140" width="940" height="860" fill="none" stroke="#f4f4ef" stroke-width="14" stroke-dasharray="60 8" opacity="0.95"/>');
    for (let i = 0; i < hits; i++) {
      const cx = (400 + next() * 800).toFixed(0);
      const cy = (210 + next() * 720).toFixed(0);
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="14" fill="#1b1c1e"/><ellipse cx="${cx}" cy="${cy}" rx="40" ry="36" fill="none" stroke="#f4f4ef" stroke-width="8"/>`,
      );
    }
    parts.push(`<text x="360" y="124" font-family="${SANS}" font-size="64" font-weight="bold" fill="#f4f4ef">${escapeXml(`${direction} = ${hits}`)}</text>`);
  }
  if (marks.houseNumber) {
    parts.push(
      `<text x="800" y="610" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-size="210" font-weight="bold" fill="#e9d9a6">${escapeXml(marks.houseNumber)}</text>`,
    );
  }
  return parts.length > 0 ? svg(parts.join('')) : null;
}

function caption(marks: PhotoMarks): string {
  const { width, height } = CAPTION;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="18" fill="#000000" fill-opacity="0.55"/>` +
    `<text x="40" y="68" font-family="${SANS}" font-size="52" font-weight="bold" fill="#ffffff">${escapeXml(marks.label)}</text>` +
    `<text x="40" y="112" font-family="${SANS}" font-size="32" fill="#e6e6e6">${escapeXml(marks.detail)}</text></svg>`
  );
}

/** sharp's EXIF input: tags by IFD (IFD0 the image, IFD2 the Exif IFD, IFD3 GPS), each value as text. */
export type ExifTags = Record<string, Record<string, string>>;

/**
 * One photo: its scene with the marks and caption drawn over it, saved as a JPEG carrying the
 * camera metadata given (libvips writes the true pixel size into it).
 */
export async function drawPhoto(scene: Scene, marks: PhotoMarks, exif: ExifTags): Promise<Buffer> {
  const frame = frameMarks(marks);
  return imagePipeline(await sceneImage(scene))
    .composite([...(frame ? [{ input: Buffer.from(frame) }] : []), { input: Buffer.from(caption(marks)), left: CAPTION.left, top: CAPTION.top }])
    .withExif(exif)
    .jpeg({ quality: 82 })
    .toBuffer();
}
