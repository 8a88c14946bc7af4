/**
 * The fast YAML reader (src/manifest/syntax/fast-yaml.ts) against the
 * position-keeping one (yaml.ts): the same manifests, diagnostics and
 * `file:line:col` from both on every manifest of the repository, the same
 * scalars, the texts it leaves to the position-keeping reader, and a valid
 * manifest read without the position-keeping parse.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse as parseWithYamlLibrary } from 'yaml';
import { rangeParses, readYamlFast } from '../../src/manifest/syntax/fast-yaml.js';
import { loadManifestFromSource, parseManifest, sensitiveLiteralRanges } from '../../src/manifest/index.js';
import { blocksOf } from '../../src/manifest/block-list.js';
import { isMap, isScalar } from '../../src/manifest/syntax/source-tree.js';
import type { DiagnosticError } from '../../src/core/types.js';
import { expectReadersAgree } from '../support/readers.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every `.yaml` file under `folder`. */
function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

/** The value the fast reader gives `text` as the value of a one-key mapping, or `declined`. */
function fastScalar(text: string): unknown {
  const tree = readYamlFast(`v: ${text}\n`, 'scalar.yaml');
  if (!tree) return 'declined';
  const root = tree.root;
  if (!isMap(root)) return 'not a mapping';
  const value = root.items[0]!.value;
  return isScalar(value) ? value.value : 'not a scalar';
}

/** A manifest of `count` keypairs, with `extra` added to the properties of the last one. */
function keypairs(count: number, extra = ''): string {
  const blocks = Array.from(
    { length: count },
    (_, index) => `  key_${index}:\n    type: cloud_lite_keypair\n    properties:\n      name: key-${index}\n`,
  );
  return `variables:\n  secret: { default: S3cretValue, sensitive: true }\nresources:\n${blocks.join('')}${extra}`;
}

describe('manifest: the fast YAML reader', () => {
  it('makes of every manifest in examples/ and test/fixtures/ what the position-keeping reader makes: manifest, source map, diagnostics, locations', () => {
    const files = [...yamlFiles(join(ROOT, 'examples')), ...yamlFiles(join(ROOT, 'test', 'fixtures'))];
    let taken = 0;
    for (const file of files) {
      const path = relative(ROOT, file);
      if (expectReadersAgree(readFileSync(file, 'utf8'), path, { env: {}, cwd: dirname(file) })) taken++;
    }
    expect(files.length).to.be.greaterThan(40);
    // Most manifests are plain YAML; the others (aliases, tags, hostile texts) are left to the position-keeping reader.
    expect(taken).to.be.greaterThan(files.length / 2);
    for (const example of ['quickstart.yaml', 'full.yaml', 'fleet.yaml']) {
      expect(readYamlFast(readFileSync(join(ROOT, 'examples', example), 'utf8'), example), example).to.not.equal(undefined);
    }
  });

  it('resolves plain scalars as the yaml library does (YAML 1.2 core schema)', () => {
    const scalars = [
      '0o17',
      '0x1F',
      '0x1f',
      '017',
      '+12',
      '-0',
      '12345678901234567890',
      '1_000',
      '0b101',
      '1e3',
      '1.5e-3',
      '.5',
      '1.',
      '-.inf',
      '.Inf',
      '.NaN',
      '.nan',
      'True',
      'TRUE',
      'tRUE',
      'false',
      'yes',
      'no',
      'on',
      'off',
      '~',
      'null',
      'Null',
      'NULL',
      '',
      '2024-01-01',
      '12:30',
      '0x',
      '0o8',
      '1.2.3',
      '"12"',
      "'true'",
      'a b',
      '- 1',
      '[1, 2]',
      '{ a: 1 }',
    ];
    for (const text of scalars) {
      let expected: unknown;
      try {
        expected = (parseWithYamlLibrary(`v: ${text}\n`) as { v: unknown }).v;
      } catch {
        expected = 'declined'; // `v: - 1`: not YAML, for either reader
      }
      const fast = fastScalar(text);
      if (fast === 'not a scalar') continue; // `[1, 2]`, `{ a: 1 }`: collections, compared by the manifests above
      expect(Number.isNaN(fast) ? 'NaN' : fast, JSON.stringify(text)).to.deep.equal(Number.isNaN(expected) ? 'NaN' : expected);
    }
  });

  it('leaves to the position-keeping reader the texts where the two could differ', () => {
    const declined = {
      anchor: 'a: &x 1\nb: 2\n',
      alias: 'a: 1\nb: *x\n',
      tag: 'a: !!str 1\n',
      'explicit key': '? a\n: 1\n',
      'merge key': 'a: { b: 1 }\nc:\n  <<: { b: 2 }\n',
      'collection as a key': '[a, b]: 1\n',
      'flow mapping as a key': '{ a: 1 }: 2\n',
      directive: '%YAML 1.1\n---\na: 1\n',
      'second document': 'a: 1\n---\nb: 2\n',
      'document end': 'a: 1\n...\n',
      tab: 'a:\n\tb: 1\n',
      'carriage return': 'a: 1\r\nb: 2\r\n',
      'byte-order mark': '\uFEFFa: 1\n',
      'duplicate key': 'a: 1\na: 2\n',
      'empty key': 'null: 1\n',
      'array-index key': 'b: 1\n12: 2\n',
      'syntax error': 'a: [1, 2\n',
      'deep nesting': `${'['.repeat(80)}${']'.repeat(80)}\n`,
      // Operators in a value that is not one quoted scalar alone on its line: looked at as YAML might read them.
      'operator in a flow mapping': "a: { b: '${x ? 1 : 2}' }\n",
      'anchor after a quoted value': "a: '${x ? 1 : 2}'\nb: &y 1\n",
      'escaped quote': "a: '${x}'' ? b'\n",
    };
    for (const [what, text] of Object.entries(declined)) expect(readYamlFast(text, 'x.yaml'), what).to.equal(undefined);
    // A quoted scalar alone on its line is text, whatever operators it holds (issue 26).
    const operators = [
      `a: '\${x == "p" ? 3 : 1}'\n`,
      `- condition: "\${!x && y % 2 * 3 != 0}"  # why\n`,
      `  - { k: 1 }\n  - '\${[for a in b : a]}'\n`,
    ];
    for (const taken of [
      ...operators,
      '---\na: 1\n',
      'a: "${web[*].id}"\n',
      'a: |\n  line\n  # not a comment\n',
      "a: 'it''s'\n",
      '__proto__: 1\n',
    ]) {
      expect(readYamlFast(taken, 'x.yaml'), taken).to.not.equal(undefined);
    }
  });

  it('reads a valid manifest without the position-keeping parse; a plan document reads again only the lines of a sensitive literal it redacts', () => {
    const before = { ...rangeParses };
    loadManifestFromSource(keypairs(200).replace(/ *secret:.*\n/, '  note: { default: plain }\n'), 'plain.yaml', { env: {} });
    expect(rangeParses).to.deep.equal(before);
    const loaded = loadManifestFromSource(keypairs(200), 'sensitive.yaml', { env: {} });
    expect(rangeParses, 'nothing read again before a plan document needs the redaction').to.deep.equal(before);
    const [start, end] = loaded.sensitiveLiterals[0]!;
    expect(rangeParses, "a plain value found in its entry's lines, without the position-keeping parse").to.deep.equal(before);
    expect(keypairs(200).slice(start, end)).to.equal('S3cretValue');
    // A value less plain (a colon in it) is left to the position-keeping parse of its entry's lines.
    const colon = keypairs(200).replace('S3cretValue', '"S3cret:Value"');
    const [from, to] = loadManifestFromSource(colon, 'colon.yaml', { env: {} }).sensitiveLiterals[0]!;
    expect(rangeParses.wholeTexts).to.equal(before.wholeTexts);
    expect(rangeParses.parts).to.equal(before.parts + 1);
    expect(colon.slice(from, to)).to.equal('"S3cret:Value"');
  });

  it('gives a sensitive literal found without the position-keeping parse the range that parse gives, however it is written', () => {
    const vm = (value: string) =>
      `resources:\n  web:\n    type: cloud_lite_vm\n    properties:\n      vm_name: web\n      console_password: ${value}\n      cycle: m\n`;
    const texts = [
      'variables:\n  secret: { default: S3cretValue, sensitive: true }\n',
      'variables:\n  secret: {default: S3cretValue,sensitive: true}\n',
      'variables:\n  secret:\n    default: S3cretValue   # the password\n    sensitive: true\n',
      'variables:\n  secret:\n    default: "S3cretValue"\n    sensitive: true\n',
      "variables:\n  secret:\n    sensitive: true\n    default: 'S3cretValue'\n",
      'variables:\n  secret:\n    description: "default: S3cretValue"\n    default: S3cretValue\n    sensitive: true\n',
      'variables:\n  secret:\n    default:\n      S3cretValue\n    sensitive: true\n',
      'variables:\n  secret:\n    default: S3cret\n      Value\n    sensitive: true\n',
      'variables:\n  other: { default: S3cretValue }\n  secret: { default: S3cretValue, sensitive: true }\n',
      vm('Passw0rd-1'),
      vm('"Passw0rd-1"'),
      vm('Passw0rd-1 # set by hand'),
    ];
    const ranges = (text: string, reader: 'fast' | 'position-keeping') => {
      const parsed = parseManifest(text, 'secret.yaml', { reader });
      expect(parsed.diagnostics, text).to.deep.equal([]);
      return sensitiveLiteralRanges(parsed.manifest, parsed.sourceMap);
    };
    const before = { ...rangeParses };
    expect(ranges(texts[0]!, 'fast')).to.deep.equal([[32, 43]]);
    expect(rangeParses).to.deep.equal(before);
    for (const text of texts) {
      const fast = ranges(text, 'fast');
      expect(fast, text).to.deep.equal(ranges(text, 'position-keeping'));
      expect(fast.length, text).to.equal(1);
    }
  });

  it('keeps no tree and no source map after a valid fast read: a location read later, or the source map, reads the text again, with the same answers', () => {
    const source = keypairs(50);
    const fast = parseManifest(source, 'kept.yaml');
    const exact = parseManifest(source, 'kept.yaml', { reader: 'position-keeping' });
    const line = source.split('\n').indexOf('      name: key-42') + 1;
    // A location made by the walk, read once the walk is over (the fast tree is gone: found again by node id).
    expect(JSON.parse(JSON.stringify(fast.manifest.resources.key_42!.propertyLocations.name))).to.deep.equal({
      file: 'kept.yaml',
      line,
      column: 7,
    });
    expect(JSON.parse(JSON.stringify(fast.manifest.resources.key_42!.properties.name!.location))).to.deep.equal({
      file: 'kept.yaml',
      line,
      column: 13,
    });
    // The source map's notes, made when first asked for, are those of the position-keeping walk.
    const info = fast.sourceMap.nodeAt(['resources', 'key_42', 'properties', 'name']);
    const expected = exact.sourceMap.nodeAt(['resources', 'key_42', 'properties', 'name']);
    const plain = (node: typeof info) => JSON.parse(JSON.stringify([node?.key, node?.value, node?.written, node?.range])) as unknown;
    expect(plain(info)).to.deep.equal(plain(expected));
    expect(source.slice(...info!.range!)).to.equal('key-42');
    // The parse hands over the list of blocks in the record's order.
    expect(blocksOf(fast.manifest.resources)).to.deep.equal(Object.values(fast.manifest.resources));
  });

  it('locates an error deep in a large fast-read manifest exactly, from the lines of its entry alone', () => {
    const source = keypairs(500, '      colour: blue\n');
    const before = { ...rangeParses };
    let error: DiagnosticError | undefined;
    try {
      loadManifestFromSource(source, 'big.yaml', { env: {} });
    } catch (caught) {
      error = caught as DiagnosticError;
    }
    expect(error?.message).to.match(/^big\.yaml:\d+:7: unknown attribute "colour" in resources\.key_499/);
    const line = source.split('\n').findIndex((text) => text === '      colour: blue') + 1;
    expect(error?.diagnostics[0]?.location).to.deep.equal({ file: 'big.yaml', line, column: 7 });
    expect(rangeParses.wholeTexts).to.equal(before.wholeTexts);
    expectReadersAgree(source, 'big.yaml', { env: {} });
  });
});
