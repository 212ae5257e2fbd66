import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { TFontDictionary } from 'pdfmake/interfaces';

const resolvePackage = createRequire(import.meta.url).resolve;
const packageDir = (name: string) => path.dirname(resolvePackage(`${name}/package.json`));

// Roboto carries æøå and the rest of Latin Extended (Polish, Sami, Baltic names). TrueType, not
// WOFF: pdfkit lays WOFF text out at half the speed, and nearly every glyph is Roboto's.
const ROBOTO = packageDir('@expo-google-fonts/roboto');
// What Roboto lacks: emoji from Noto Emoji (monochrome, one file with the flags and the joined
// sequences), check marks, stars and the like from Noto Sans Symbols 2, and the rest (arrows,
// mathematical signs, box drawing) from DejaVu Sans, whose coverage is the widest.
const NOTO_EMOJI = path.join(packageDir('@fontsource/noto-emoji'), 'files');
const NOTO_SYMBOLS = path.join(packageDir('@fontsource/noto-sans-symbols-2'), 'files');
const DEJAVU = path.join(packageDir('dejavu-fonts-ttf'), 'ttf');

const FILES = {
  Roboto: { normal: path.join(ROBOTO, '400Regular/Roboto_400Regular.ttf'), bold: path.join(ROBOTO, '500Medium/Roboto_500Medium.ttf') },
  NotoEmoji: { normal: path.join(NOTO_EMOJI, 'noto-emoji-emoji-400-normal.woff') },
  NotoSymbols: { normal: path.join(NOTO_SYMBOLS, 'noto-sans-symbols-2-symbols-400-normal.woff') },
  DejaVuSans: { normal: path.join(DEJAVU, 'DejaVuSans.ttf'), bold: path.join(DEJAVU, 'DejaVuSans-Bold.ttf') },
} as const;

export type PdfFont = keyof typeof FILES;
export const BODY_FONT: PdfFont = 'Roboto';
/** In the order a glyph is looked for. */
const FALLBACKS: readonly PdfFont[] = ['NotoEmoji', 'NotoSymbols', 'DejaVuSans'];

/** Every font the document may use, bold falling back to regular where a font has no bold. */
export const PDF_FONTS: TFontDictionary = Object.fromEntries(
  Object.entries(FILES).map(([name, files]) => {
    const bold = 'bold' in files ? files.bold : files.normal;
    return [name, { normal: files.normal, bold, italics: files.normal, bolditalics: bold }];
  }),
);
export const PDF_FONT_FILES: ReadonlySet<string> = new Set(Object.values(PDF_FONTS).flatMap((font) => Object.values(font) as string[]));

/** Each font read once, when a text first needs to know what it holds. */
let opened: Map<PdfFont, fontkit.Font> | undefined;
function covers(font: PdfFont, codePoint: number): boolean {
  opened ??= new Map(Object.entries(FILES).map(([name, files]) => [name as PdfFont, fontkit.openSync(files.normal) as fontkit.Font]));
  return opened.get(font)!.hasGlyphForCodePoint(codePoint);
}

/** Joiners, variation selectors, skin tones and tag letters follow the character they modify into its font. */
const isModifier = (cp: number) =>
  cp === 0x200d || cp === 0xfe0e || cp === 0xfe0f || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f);
const graphemes = new Intl.Segmenter('nb', { granularity: 'grapheme' });
const LATIN_ONLY = /^[\t\n\r\u0020-\u024f\u2013\u2014\u2018\u2019\u201c\u201d\u2026]*$/;

function fontOf(grapheme: string): PdfFont {
  const codePoints = [...grapheme].map((ch) => ch.codePointAt(0)!).filter((cp) => !isModifier(cp));
  if (codePoints.every((cp) => covers(BODY_FONT, cp))) return BODY_FONT;
  return FALLBACKS.find((font) => codePoints.every((cp) => covers(font, cp))) ?? BODY_FONT;
}

export type FontRun = { text: string; font?: PdfFont };

/**
 * A text cut where its font must change, so a glyph Roboto lacks (😊, 🇳🇴, ✓) prints from a
 * fallback font rather than as an empty box. A text in Latin letters alone is one run.
 */
export function fontRuns(text: string): FontRun[] {
  if (LATIN_ONLY.test(text)) return [{ text }];
  const runs: FontRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const font = fontOf(segment);
    const last = runs.at(-1);
    if (last && (last.font ?? BODY_FONT) === font) last.text += segment;
    else runs.push(font === BODY_FONT ? { text: segment } : { text: segment, font });
  }
  return runs;
}
