// Draws the welcome page's three sample pictures (public/welcome/*.png) from SVG written here, so the
// samples are ours, small, and their content is known exactly: what each caption gets right or wrong.
// Run: npx tsx scripts/make-welcome-samples.ts (the PNGs are committed; rerun only to change them).
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const W = 640;
const H = 420;
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const apple = (x: number, y: number) =>
  `<circle cx="${x}" cy="${y}" r="52" fill="#c62828"/><circle cx="${x - 18}" cy="${y - 18}" r="12" fill="#ef9a9a" opacity="0.7"/>` +
  `<rect x="${x - 3}" y="${y - 74}" width="6" height="26" rx="3" fill="#5d4037"/><ellipse cx="${x + 16}" cy="${y - 62}" rx="16" ry="8" fill="#43a047"/>`;

const duck = (x: number, y: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="62" ry="36" fill="#fdd835"/><circle cx="${x + 48}" cy="${y - 42}" r="28" fill="#fdd835"/>` +
  `<circle cx="${x + 56}" cy="${y - 48}" r="5" fill="#212121"/><path d="M ${x + 72} ${y - 40} l 26 6 l -26 8 z" fill="#fb8c00"/>`;

const SAMPLES = {
  // Three red apples in a row on a wooden table, each with a green leaf (the caption adds a banana).
  'apples.png': svg(
    `<rect width="${W}" height="${H}" fill="#e3f2fd"/><rect y="260" width="${W}" height="160" fill="#8d6e63"/>` +
      `<rect y="260" width="${W}" height="14" fill="#6d4c41"/>${apple(180, 226)}${apple(320, 226)}${apple(460, 226)}`,
  ),
  // Two yellow ducks facing right on a blue pond, orange beaks (the caption says four).
  'ducks.png': svg(`<rect width="${W}" height="${H}" fill="#bbdefb"/><rect y="180" width="${W}" height="240" fill="#1e88e5"/>${duck(190, 280)}${duck(420, 300)}`),
  // A green car on a grey road with a white dashed line, nothing else (the caption says red, and adds a bicycle).
  'car.png': svg(
    `<rect width="${W}" height="${H}" fill="#e8f5e9"/><rect y="300" width="${W}" height="120" fill="#757575"/>` +
      `<line x1="0" y1="360" x2="${W}" y2="360" stroke="#fafafa" stroke-width="8" stroke-dasharray="40 30"/>` +
      `<rect x="170" y="210" width="300" height="80" rx="18" fill="#2e7d32"/><path d="M 220 210 L 260 150 L 390 150 L 430 210 z" fill="#2e7d32"/>` +
      `<path d="M 240 206 L 270 162 L 318 162 L 318 206 z M 330 206 L 330 162 L 382 162 L 412 206 z" fill="#b3e5fc"/>` +
      `<circle cx="235" cy="300" r="34" fill="#212121"/><circle cx="405" cy="300" r="34" fill="#212121"/>` +
      `<circle cx="235" cy="300" r="14" fill="#bdbdbd"/><circle cx="405" cy="300" r="14" fill="#bdbdbd"/>`,
  ),
};

for (const [name, body] of Object.entries(SAMPLES)) {
  await writeFile(`public/welcome/${name}`, await sharp(Buffer.from(body)).png({ compressionLevel: 9, palette: true }).toBuffer());
  console.log(`public/welcome/${name}`);
}
