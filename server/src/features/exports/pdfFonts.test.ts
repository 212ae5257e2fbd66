import { describe, expect, it } from 'vitest';
import { fontRuns } from './pdfFonts';

describe('font runs for the PDF', () => {
  it('Norwegian and other Latin text is one run in the body font', () => {
    expect(fontRuns('Øyvind og Åse – «alle» i seng; Łukasz, Šárka, Áigi…')).toEqual([
      { text: 'Øyvind og Åse – «alle» i seng; Łukasz, Šárka, Áigi…' },
    ]);
  });

  it('a glyph Roboto lacks goes to the first fallback that has it, whole graphemes at a time', () => {
    expect(fontRuns('Hei 😊👍🏽 og 🇳🇴! Runde ✓ → ferdig 👨‍👩‍👧')).toEqual([
      { text: 'Hei ' },
      { text: '😊👍🏽', font: 'NotoEmoji' },
      { text: ' og ' },
      { text: '🇳🇴', font: 'NotoEmoji' },
      { text: '! Runde ' },
      { text: '✓', font: 'NotoSymbols' },
      { text: ' ' },
      { text: '→', font: 'DejaVuSans' },
      { text: ' ferdig ' },
      { text: '👨‍👩‍👧', font: 'NotoEmoji' },
    ]);
  });

  it('what no font has stays in the body font (its empty box is the honest answer)', () => {
    expect(fontRuns('a\u{10FFFD}b')).toEqual([{ text: 'a\u{10FFFD}b' }]);
  });
});
