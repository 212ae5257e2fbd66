import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RETIRED_WORDS, SPEC_TEXTS } from './retiredWords';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['client/src', 'server/src', 'protocol/src'];
/** Not product text: tests, test helpers, and the word list itself. */
const NOT_PRODUCT = /(\.test\.tsx?$|\/testing\/|\/test\/|^protocol\/src\/retiredWords\.ts$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(name) && !NOT_PRODUCT.test(relative) ? [relative] : [];
  });
}

/** A file's string literals, template pieces and JSX text, each with its line: what a person may read. */
function textsOf(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    const isModuleName =
      parent !== undefined && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node;
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) && !isModuleName) {
      texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

// Longest first, so 'Oppgave slettet permanent' is taken out whole before 'Oppgave slettet'.
const specTexts = [...SPEC_TEXTS].sort((a, b) => b.length - a.length);
const withoutSpecTexts = (text: string) => specTexts.reduce((rest, spec) => rest.split(spec).join(' … '), text);

describe('One word for one thing (issue 45)', () => {
  it('finds no retired word in the product texts of client, server and protocol, outside the spec texts', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const hits = files.flatMap((file) =>
      textsOf(file).flatMap(({ line, text }) =>
        RETIRED_WORDS.filter((word) => (word.onlyIn ? word.onlyIn.test(file) : true) && word.pattern.test(withoutSpecTexts(text))).map(
          (word) => `${file}:${line}: '${text.trim()}' (${word.pattern.source}): use ${word.use}`,
        ),
      ),
    );
    expect(hits).toEqual([]);
  });

  it('catches each retired word, and lets the spec texts and the words of the glossary through', () => {
    const retired = (text: string, file = 'client/src/features/x.tsx') =>
      RETIRED_WORDS.some((word) => (word.onlyIn ? word.onlyIn.test(file) : true) && word.pattern.test(withoutSpecTexts(text)));
    for (const text of [
      'Vedlikeholdsoppgave opprettet',
      'Tilsynsoppgaver',
      'Fullførte oppgaver',
      'Ukjent linje',
      'Linjer: 3A',
      'Fikset',
      'Slå på kodeappen',
      'Oppgrader til Admin',
      'Teksten er tatt vare på på denne enheten',
      '2 elev(er)',
      'Admin - Aktiv',
    ])
      expect(retired(text), text).toBe(true);
    expect(retired('Laster oppgaver...', 'client/src/features/maintenance/TaskLists.tsx')).toBe(true);
    for (const text of [
      ...SPEC_TEXTS,
      'Oppgave 1',
      '3 oppgaver fullført',
      'Den samme linjen er endret',
      'Gjør til Admin',
      'Admin – Aktiv',
      'Utførte gjøremål',
      'System under tilbakestilling (08:30-09:00)',
    ])
      expect(retired(text), text).toBe(false);
  });
});
