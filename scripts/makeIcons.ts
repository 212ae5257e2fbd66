// Draws the app icons (client/public/icons) from the favicon with Chromium, so they stay the same
// picture. Run by hand when the favicon changes: npx tsx scripts/makeIcons.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const favicon = readFileSync('client/public/favicon.svg', 'utf8');
// Maskable icons may be cut to a circle: the picture keeps to the middle 60 %, on a full blue square.
const inner = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4f91"/><g transform="translate(12.8 12.8) scale(0.6)">${inner}</g></svg>`;

const icons: Array<[string, string, number]> = [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [name, svg, size] of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: path.join('client/public/icons', name), omitBackground: true });
  console.log(`client/public/icons/${name} ${size}×${size}`);
}
await browser.close();
