#!/usr/bin/env node
// Generates the app icons in public/ from one SVG. Run once after changing the artwork:
//   node scripts/make-icons.mjs
import sharp from 'sharp';

const bg = '#1e1b18';
const fg = '#dbae6a';
// A heart held by a roof line: a shelter ("haven"). `pad` keeps the maskable safe zone (80%).
const svg = (pad) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${pad ? 0 : 96}" fill="${bg}"/>
  <g transform="translate(256 256) scale(${pad ? 0.72 : 0.9}) translate(-256 -256)">
    <path d="M96 236 L256 108 L416 236" fill="none" stroke="${fg}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M256 412 C 180 356 146 318 146 278 C 146 246 170 222 200 222 C 224 222 244 236 256 258
             C 268 236 288 222 312 222 C 342 222 366 246 366 278 C 366 318 332 356 256 412 Z" fill="${fg}"/>
  </g>
</svg>`;

const out = [
  ['public/icon-192.png', 192, false],
  ['public/icon-512.png', 512, false],
  ['public/icon-maskable-512.png', 512, true],
];
for (const [file, size, maskable] of out) {
  await sharp(Buffer.from(svg(maskable))).resize(size, size).png().toFile(file);
  console.log('wrote', file);
}
