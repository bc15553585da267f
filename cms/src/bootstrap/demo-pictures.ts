import sharp from 'sharp';

/**
 * The demo's pictures, drawn in code (issue #26: the first run shows images, and no photos are
 * committed): SVG scenes rendered to JPEG by sharp. Buildings for project covers, rooms for units,
 * each with its own colours and a label, so a viewer can tell them apart at a glance.
 */

export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 900;

interface Palette {
  sky: [string, string];
  wall: string;
  accent: string;
  floor: string;
}

export const PALETTES: readonly Palette[] = [
  { sky: ['#7fb8e8', '#dff1ff'], wall: '#f4e9d8', accent: '#2f7f8f', floor: '#b98b5e' },
  { sky: ['#f6a86b', '#ffe4c2'], wall: '#e9eef2', accent: '#c2553d', floor: '#8c6a4f' },
  { sky: ['#5b6fb8', '#c9d4ff'], wall: '#efe6f5', accent: '#6b4fa0', floor: '#a88d6e' },
  { sky: ['#4fa38a', '#d6f5e9'], wall: '#fdf6e3', accent: '#2e6b4f', floor: '#c4a07a' },
  { sky: ['#e27fa0', '#ffe0ea'], wall: '#f2f2ee', accent: '#9b3b5a', floor: '#9e7c5c' },
  { sky: ['#3d7ea6', '#b8e2f2'], wall: '#ece3d4', accent: '#d08a2e', floor: '#7d5d43' },
];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const label = (text: string, sub: string) => `
  <rect x="0" y="${PICTURE_HEIGHT - 120}" width="${PICTURE_WIDTH}" height="120" fill="#000" fill-opacity="0.45"/>
  <text x="48" y="${PICTURE_HEIGHT - 62}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="46" font-weight="bold" fill="#fff">${escapeXml(text)}</text>
  <text x="48" y="${PICTURE_HEIGHT - 24}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" fill="#e8e8e8">${escapeXml(sub)}</text>`;

const sky = (palette: Palette, id: string) => `
  <defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
  <rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="url(#${id})"/>`;

const windows = (x: number, y: number, columns: number, rows: number, cell: number, lit: string, dark: string, seed: number) => {
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const on = (row * 7 + column * 13 + seed) % 5 === 0;
      out += `<rect x="${x + column * cell + 6}" y="${y + row * cell + 6}" width="${cell - 12}" height="${cell - 14}" rx="3" fill="${on ? lit : dark}"/>`;
    }
  }
  return out;
};

/** A project's cover: towers, villas by the sea, or a mixed-use block, in the project's colours. */
export const buildingSvg = (kind: 'tower' | 'villa' | 'mixed', paletteIndex: number, title: string, subtitle: string) => {
  const palette = PALETTES[paletteIndex % PALETTES.length];
  const ground = PICTURE_HEIGHT - 190;
  let scene = `${sky(palette, 'sky')}<circle cx="${960 - paletteIndex * 90}" cy="170" r="70" fill="#fff6c8" fill-opacity="0.9"/>`;
  scene += `<rect x="0" y="${ground}" width="${PICTURE_WIDTH}" height="190" fill="${palette.accent}" fill-opacity="0.35"/>`;
  if (kind === 'tower') {
    scene += `<rect x="150" y="${ground - 380}" width="200" height="380" fill="#9aa7b4"/>${windows(150, ground - 370, 4, 7, 50, '#ffe9a8', '#5d6f80', 1)}`;
    scene += `<rect x="450" y="${ground - 620}" width="300" height="620" rx="8" fill="${palette.accent}"/>${windows(462, ground - 600, 5, 11, 55, '#fff3c4', '#23404d', paletteIndex)}`;
    scene += `<polygon points="450,${ground - 620} 600,${ground - 700} 750,${ground - 620}" fill="${palette.accent}"/>`;
    scene += `<rect x="840" y="${ground - 300}" width="220" height="300" fill="#b7c2cc"/>${windows(845, ground - 290, 4, 5, 54, '#ffe9a8', '#6b7b8a', 3)}`;
  } else if (kind === 'villa') {
    scene += `<rect x="0" y="${ground + 60}" width="${PICTURE_WIDTH}" height="130" fill="#3b8fc2" fill-opacity="0.7"/>`;
    for (const [index, x] of [90, 470, 850].entries()) {
      scene += `<rect x="${x}" y="${ground - 200}" width="280" height="200" fill="${palette.wall}" stroke="#8a7b6a" stroke-width="3"/>`;
      scene += `<polygon points="${x - 20},${ground - 200} ${x + 140},${ground - 300} ${x + 300},${ground - 200}" fill="${palette.accent}"/>`;
      scene += `<rect x="${x + 110}" y="${ground - 110}" width="60" height="110" fill="#7a5a3c"/>${windows(x + 20, ground - 180, 2, 1, 70, '#cfe8ff', '#cfe8ff', index)}${windows(x + 190, ground - 180, 1, 1, 70, '#cfe8ff', '#cfe8ff', index)}`;
      scene += `<circle cx="${x + 330}" cy="${ground - 60}" r="45" fill="#3f8f4f"/><rect x="${x + 324}" y="${ground - 20}" width="12" height="24" fill="#6b4a2b"/>`;
    }
  } else {
    scene += `<rect x="120" y="${ground - 300}" width="960" height="300" fill="${palette.wall}" stroke="#7f8790" stroke-width="3"/>${windows(140, ground - 285, 14, 3, 66, '#fff3c4', '#4d6273', paletteIndex)}`;
    scene += `<rect x="380" y="${ground - 560}" width="260" height="260" fill="${palette.accent}"/>${windows(392, ground - 548, 4, 4, 60, '#fff3c4', '#2b3b48', 2)}`;
    scene += `<rect x="120" y="${ground - 70}" width="960" height="70" fill="#5b6770"/><rect x="0" y="${ground + 30}" width="${PICTURE_WIDTH}" height="14" fill="#c9c9c9"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}">${scene}${label(title, subtitle)}</svg>`;
};

export const ROOMS = ['Living room', 'Bedroom', 'Kitchen', 'Bathroom', 'Balcony view', 'Dining area'] as const;
export type Room = (typeof ROOMS)[number];

const roomFurniture = (room: Room, palette: Palette, floorY: number) => {
  switch (room) {
    case 'Living room':
      return `<rect x="180" y="${floorY - 170}" width="480" height="170" rx="30" fill="${palette.accent}"/><rect x="180" y="${floorY - 250}" width="480" height="110" rx="30" fill="${palette.accent}" fill-opacity="0.85"/>
        <rect x="760" y="${floorY - 90}" width="220" height="90" rx="10" fill="#6b4a2b"/><circle cx="1050" cy="${floorY - 200}" r="60" fill="#3f8f4f"/>`;
    case 'Bedroom':
      return `<rect x="280" y="${floorY - 150}" width="620" height="150" rx="14" fill="#fff"/><rect x="280" y="${floorY - 280}" width="60" height="280" fill="#6b4a2b"/>
        <rect x="360" y="${floorY - 210}" width="160" height="70" rx="24" fill="${palette.sky[1]}"/><rect x="600" y="${floorY - 150}" width="300" height="150" fill="${palette.accent}"/>`;
    case 'Kitchen':
      return `<rect x="120" y="${floorY - 220}" width="960" height="220" fill="#e6e6e6"/><rect x="120" y="${floorY - 240}" width="960" height="24" fill="#404040"/>
        <rect x="160" y="${floorY - 520}" width="900" height="160" fill="${palette.accent}"/><circle cx="700" cy="${floorY - 150}" r="40" fill="#555"/><circle cx="820" cy="${floorY - 150}" r="40" fill="#555"/>`;
    case 'Bathroom':
      return `<rect x="160" y="${floorY - 200}" width="520" height="200" rx="90" fill="#fff" stroke="#b8c4cc" stroke-width="6"/><rect x="780" y="${floorY - 420}" width="220" height="300" rx="10" fill="#dbeef7" stroke="#9bb" stroke-width="4"/>
        <rect x="820" y="${floorY - 120}" width="140" height="120" fill="${palette.accent}"/>`;
    case 'Balcony view':
      return `<rect x="0" y="${floorY - 60}" width="${PICTURE_WIDTH}" height="16" fill="#6a6a6a"/>${[...Array(24).keys()].map((index) => `<rect x="${index * 52}" y="${floorY - 60}" width="8" height="60" fill="#6a6a6a"/>`).join('')}
        <rect x="420" y="${floorY - 170}" width="300" height="110" rx="12" fill="${palette.accent}"/>`;
    default:
      return `<rect x="300" y="${floorY - 150}" width="600" height="30" fill="#6b4a2b"/><rect x="330" y="${floorY - 120}" width="20" height="120" fill="#6b4a2b"/><rect x="850" y="${floorY - 120}" width="20" height="120" fill="#6b4a2b"/>
        ${[380, 520, 660, 800].map((x) => `<rect x="${x - 30}" y="${floorY - 210}" width="60" height="210" rx="10" fill="${palette.accent}" fill-opacity="0.8"/>`).join('')}<circle cx="600" cy="${floorY - 420}" r="50" fill="#fff6c8"/>`;
  }
};

/** A room of a unit: wall, window with the sky, floor and furniture, labelled with the room. */
export const roomSvg = (room: Room, paletteIndex: number, subtitle: string) => {
  const palette = PALETTES[paletteIndex % PALETTES.length];
  const floorY = PICTURE_HEIGHT - 240;
  const outdoors = room === 'Balcony view';
  const scene = outdoors
    ? `${sky(palette, 'view')}<rect x="0" y="${floorY - 260}" width="${PICTURE_WIDTH}" height="200" fill="${palette.accent}" fill-opacity="0.3"/>${windows(80, floorY - 420, 3, 3, 60, '#fff3c4', '#5d6f80', 2)}${windows(860, floorY - 360, 4, 2, 60, '#fff3c4', '#5d6f80', 4)}`
    : `<rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="${palette.wall}"/>
       <defs><linearGradient id="win" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
       <rect x="700" y="90" width="360" height="300" fill="url(#win)" stroke="#fff" stroke-width="14"/><line x1="880" y1="90" x2="880" y2="390" stroke="#fff" stroke-width="10"/>
       <rect x="140" y="120" width="220" height="150" fill="${palette.accent}" fill-opacity="0.55" stroke="#6b4a2b" stroke-width="8"/>`;
  const floor = `<rect x="0" y="${floorY}" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT - floorY}" fill="${outdoors ? '#9a9a9a' : palette.floor}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}">${scene}${floor}${roomFurniture(room, palette, floorY)}${label(room, subtitle)}</svg>`;
};

/** An SVG scene as a JPEG, as a phone or a camera would upload it. */
export const renderJpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
