/**
 * `moved:` and `import:` blocks (issue 12): the parser's diagnostics at
 * their positions, the resolution of moves against a state (chains,
 * instances, module prefixes, conflicts, cycles, types), and the import
 * checks that need no API.
 */
import { expect } from 'chai';
import { loadManifestFromSource, defaultCatalogue, parseManifest } from '../../src/manifest/index.js';
import { movedAddress, readImports, resolveMoves } from '../../src/engine/moves-and-imports.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { type Manifest } from '../../src/manifest/types.js';
import { type ResourceState, type StateDocument } from '../../src/state/document.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { manifestSchema } from '../../src/manifest/schema.js';
import { SCHEMA_AJV_OPTIONS } from '../../src/manifest/schema-validator.js';

const RESOURCES = `resources:
  web:
    type: cloud_lite_keypair
    properties: { name: a }
  frontend:
    type: cloud_lite_keypair
    properties: { name: b }
`;

/** The `file:line:col: message` lines of loading `text` (none when it loads). */
function problems(text: string): string[] {
  try {
    loadManifestFromSource(text, 'm.yaml', { env: {} });
    return [];
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error;
    return error.diagnostics.map(formatDiagnostic);
  }
}

/** The manifest as parsed (the checks of loading left to the test). */
function manifestOf(text: string): Manifest {
  return parseManifest(`${RESOURCES}${text}`, 'm.yaml').manifest;
}

function stateOf(resources: Record<string, Partial<ResourceState>>): StateDocument {
  const full: Record<string, ResourceState> = {};
  for (const [address, resource] of Object.entries(resources))
    full[address] = { type: 'cloud_lite_keypair', id: '1', attributes: {}, dependencies: [], ...resource };
  return { format_version: 1, lineage: 'l', serial: 3, resources: full, outputs: {} };
}

describe('moved: and import: blocks', () => {
  describe('parsing', () => {
    const cases: Array<[string, string, string[]]> = [
      [
        'a section that is not a list',
        'moved: { from: a }\n',
        ['m.yaml:8:8: moved: expected a list of entries such as - { from: web, to: frontend }, got a mapping'],
      ],
      [
        'an entry that is not a mapping',
        'moved:\n  - web\n',
        ['m.yaml:9:5: moved[0]: expected a mapping such as { from: web, to: frontend }, got a string'],
      ],
      ['a missing to', 'moved:\n  - from: old\n', ['m.yaml:9:5: moved[0]: missing "to"']],
      [
        'an unknown key',
        'moved:\n  - from: old\n    to: web\n    too: x\n',
        ['m.yaml:11:5: unknown key "too" in moved[0]; did you mean "to"?'],
      ],
      [
        'an unreadable address',
        'moved:\n  - from: "old["\n    to: web\n',
        ['m.yaml:9:11: moved[0].from: invalid address "old[": expected a whole number or a quoted key inside "[ ]" after "old"'],
      ],
      [
        'a data source address',
        'moved:\n  - from: data.os\n    to: web\n',
        ['m.yaml:9:11: moved[0].from: "data.os" is not a resource address (data sources and variables hold no state to move or import)'],
      ],
      [
        'from equal to to',
        'moved:\n  - from: web[0]\n    to: "web[ 0 ]"\n',
        ['m.yaml:10:9: moved[0]: "from" and "to" are the same address (web[0])'],
      ],
      [
        'an empty id',
        'import:\n  - to: web\n    id: ""\n',
        ['m.yaml:10:9: import[0].id: expected the resource id such as "100001", got an empty string'],
      ],
      [
        'an unknown type',
        'import:\n  - to: web\n    id: "1"\n    type: vmm\n',
        ['m.yaml:11:11: import[0].type: expected a resource type such as "cloud_lite_vm", got "vmm"'],
      ],
      ['a missing id', 'import:\n  - to: web\n', ['m.yaml:9:5: import[0]: missing "id"']],
    ];
    for (const [what, text, expected] of cases) {
      it(`reports ${what} at its position`, () => {
        expect(problems(`${RESOURCES}${text}`)).to.deep.equal(expected);
      });
    }

    it('reads addresses canonically, ids as text, types by any spelling', () => {
      const manifest = manifestOf(
        `moved:\n  - from: "web['eu']"\n    to: cluster.web\nimport:\n  - to: web\n    id: 12\n    type: lite_keypair\n`,
      );
      expect(manifest.moved?.map(({ from, to }) => [from, to])).to.deep.equal([['web["eu"]', 'cluster.web']]);
      expect(manifest.moved?.[0].fromLocation).to.deep.equal({ file: 'm.yaml', line: 9, column: 11 });
      expect(manifest.imports?.map(({ to, id, type }) => [to, id, type])).to.deep.equal([['web', '12', 'cloud_lite_keypair']]);
      expect(manifest.imports?.[0].idLocation).to.deep.equal({ file: 'm.yaml', line: 13, column: 9 });
    });
  });

  it('the manifest JSON Schema takes both sections as written, and refuses unknown keys in them', () => {
    const validate = new Ajv({ ...SCHEMA_AJV_OPTIONS }).compile(manifestSchema());
    const accepts = (text: string) => validate(parse(`${RESOURCES}${text}`)) as boolean;
    expect(accepts('moved:\n  - { from: "web[\'eu\']", to: cluster.web }\nimport:\n  - { to: web, id: 100001, type: lite_vm }\n')).to.equal(
      true,
    );
    expect(accepts('moved:\n  - { from: web, too: frontend }\n')).to.equal(false);
    expect(accepts('import:\n  - { to: web }\n')).to.equal(false);
  });

  describe('movedAddress', () => {
    const cases: Array<[string, string, string, string | undefined]> = [
      ['web', 'frontend', 'web', 'frontend'],
      ['web', 'web[0]', 'web', 'web[0]'],
      ['web[0]', 'frontend["eu"]', 'web[0]', 'frontend["eu"]'],
      ['web', 'frontend', 'web[2]', 'frontend[2]'],
      ['web', 'web[0]', 'web[1]', undefined],
      ['web', 'cluster.web', 'web', 'cluster.web'],
      ['cluster', 'platform', 'cluster.web', 'platform.web'],
      ['cluster.web', 'web', 'cluster.web', 'web'],
      ['web', 'frontend', 'webs', undefined],
    ];
    for (const [from, to, address, expected] of cases) {
      it(`${from} -> ${to} moves ${address} to ${expected ?? 'nothing'}`, () => {
        expect(movedAddress(from, to, address)).to.equal(expected);
      });
    }
  });

  describe('resolveMoves', () => {
    const resolved = (blocks: string, state: StateDocument) => {
      const result = resolveMoves(manifestOf(blocks), state);
      return {
        moves: result.moves.map(({ from, to }) => `${from} -> ${to}`),
        keys: Object.keys(result.state.resources).sort(),
        errors: result.diagnostics.map(formatDiagnostic),
      };
    };

    it('renames the entry in a copy of the state, the original untouched', () => {
      const state = stateOf({ old: {} });
      expect(resolved('moved:\n  - from: old\n    to: web\n', state)).to.deep.equal({ moves: ['old -> web'], keys: ['web'], errors: [] });
      expect(Object.keys(state.resources)).to.deep.equal(['old']);
    });

    it('follows a chain to its last address, whatever the order of the blocks', () => {
      const result = resolved('moved:\n  - from: mid\n    to: web\n  - from: old\n    to: mid\n', stateOf({ old: {} }));
      expect(result).to.deep.equal({ moves: ['old -> web'], keys: ['web'], errors: [] });
    });

    it('is a no-op once applied (from gone), and when to is in state already', () => {
      expect(resolved('moved:\n  - from: old\n    to: web\n', stateOf({ web: {} })).moves).to.deep.equal([]);
      expect(resolved('moved:\n  - from: old\n    to: web\n', stateOf({ old: {}, web: {} }))).to.deep.equal({
        moves: [],
        keys: ['old', 'web'],
        errors: [],
      });
    });

    const errors: Array<[string, string, string[]]> = [
      [
        'two moves from one address',
        'moved:\n  - from: old\n    to: web\n  - from: old\n    to: frontend\n',
        ['m.yaml:11:11: moved: old is moved twice (to web at line 9, and to frontend); keep one'],
      ],
      [
        'two moves to one address',
        'moved:\n  - from: a\n    to: web\n  - from: b\n    to: web\n',
        ['m.yaml:12:9: moved: b and a (line 9) are both moved to web; only one can be'],
      ],
      [
        'a to that is no resource',
        'moved:\n  - from: old\n    to: nowhere\n',
        ['m.yaml:10:9: moved: nowhere is not a resource of m.yaml; "to" must name one'],
      ],
      [
        'a from still declared',
        'moved:\n  - from: frontend\n    to: web\n',
        [
          'm.yaml:9:11: moved: frontend is still a resource of m.yaml: remove its block (or the moved block); a moved block renames an address that is gone',
        ],
      ],
      [
        'a cycle',
        'moved:\n  - from: a\n    to: b\n  - from: b\n    to: a\n',
        ['m.yaml:9:5: moved: the moves a -> b -> a go round in a cycle', 'm.yaml:11:5: moved: the moves b -> a -> b go round in a cycle'],
      ],
    ];
    for (const [what, blocks, expected] of errors) {
      it(`reports ${what} at the block, when the manifest is loaded and when planning`, () => {
        expect(problems(`${RESOURCES}${blocks}`)).to.deep.equal(expected);
        expect(resolved(blocks, stateOf({ old: {}, a: {}, b: {} })).errors).to.deep.equal(expected);
      });
    }

    it('refuses a move that changes the type', () => {
      const result = resolved('moved:\n  - from: old\n    to: web\n', stateOf({ old: { type: 'cloud_lite_vm' } }));
      expect(result.errors).to.deep.equal([
        'm.yaml:9:5: moved: old is a cloud_lite_vm in state, but web is a cloud_lite_keypair; a move cannot change the type',
      ]);
      expect(result.moves).to.deep.equal([]);
    });
  });

  describe('readImports', () => {
    const context = (): OperationContext => {
      throw new Error('no API call expected');
    };
    const read = (blocks: string, state: StateDocument, generateConfigOut?: string) =>
      readImports(manifestOf(blocks), defaultCatalogue, state, { contextFor: context, generateConfigOut }).then((result) =>
        result.diagnostics.map(formatDiagnostic),
      );

    it('is a no-op for an address in state with the same id, an error with another', async () => {
      expect(await read('import:\n  - to: web\n    id: "1"\n', stateOf({ web: { id: '1' } }))).to.deep.equal([]);
      expect(await read('import:\n  - to: web\n    id: "2"\n', stateOf({ web: { id: '1' } }))).to.deep.equal([
        "m.yaml:10:9: import: web is already in state as cloud_lite_keypair 1, not 2; remove the import block, or 'cloudctl state rm web' first",
      ]);
    });

    it('refuses an id managed at another address, and a to that is no resource without --generate-config-out', async () => {
      expect(await read('import:\n  - to: web\n    id: "1"\n', stateOf({ frontend: { id: '1' } }))).to.deep.equal([
        'm.yaml:10:9: import: cloud_lite_keypair 1 is already managed as frontend (cloud_lite_keypair); one account is managed at one address only',
      ]);
      expect(await read('import:\n  - to: db\n    id: "1"\n    type: cloud_lite_vm\n', stateOf({}))).to.deep.equal([
        "m.yaml:9:9: import: db is not a resource of m.yaml; add its block, or run 'cloudctl plan --generate-config-out FILE' to have it written",
      ]);
    });

    it('reads only the imports a --target selects', async () => {
      const manifest = manifestOf('import:\n  - to: web\n    id: "1"\n');
      const result = await readImports(manifest, defaultCatalogue, stateOf({}), { contextFor: context, targets: ['frontend'] });
      expect(result).to.deep.equal({ imports: [], resources: {}, diagnostics: [] });
    });

    const loadErrors: Array<[string, string, string]> = [
      [
        'two blocks for one address',
        'import:\n  - { to: web, id: "1" }\n  - { to: web, id: "2" }\n',
        'm.yaml:10:11: import: web is imported by two blocks; keep one',
      ],
      [
        "a type that is not the block's",
        'import:\n  - { to: web, id: "1", type: lite_vm }\n',
        'm.yaml:9:11: import: web is a cloud_lite_keypair in m.yaml, but the import block says cloud_lite_vm',
      ],
      [
        'no block and no type',
        'import:\n  - { to: db, id: "1" }\n',
        "m.yaml:9:11: import: db is not a resource of m.yaml; add its block, or give the import block a type (e.g. type: cloud_lite_vm) and run 'cloudctl plan --generate-config-out FILE' to have it written",
      ],
      [
        'no block for an instance address',
        'import:\n  - { to: "db[0]", id: "1", type: lite_vm }\n',
        'm.yaml:9:11: import: db[0] is not a resource of m.yaml, and configuration is generated for plain names only: write its block',
      ],
    ];
    for (const [what, blocks, expected] of loadErrors) {
      it(`reports ${what} when the manifest is loaded`, () => {
        expect(problems(`${RESOURCES}${blocks}`)).to.deep.equal([expected]);
      });
    }
  });
});
