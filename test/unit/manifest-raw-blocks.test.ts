/**
 * The blocks of `resources:` and `data:` read from js-yaml's data on a fast
 * read (src/manifest/parse/resources.ts `eachRawBlock`, syntax/fast-yaml.ts
 * `RawMapping`): no fast node made for a plain block, its locations found
 * again by node number. Compared with the position-keeping reader (the
 * walk of the yaml library's tree, which knows every position) on listed
 * shapes and on 60 generated manifests mixing plain blocks with every other
 * kind, valid and not: the same manifest, locations, diagnostics, source
 * map and sensitive ranges.
 */
import { expect } from 'chai';
import { rawMappingOf, readYamlFast } from '../../src/manifest/syntax/fast-yaml.js';
import { isMap } from '../../src/manifest/syntax/source-tree.js';
import { expectReadersAgree } from '../support/readers.js';

/** Blocks of `resources:` (`NAME` replaced by the block's name), plain and not, valid and not. */
const RESOURCE_BLOCKS = [
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: kp-NAME }\n',
  'NAME:\n    type: lite_keypair\n    properties:\n      name: "kp-NAME"\n',
  'NAME:\n    properties:\n      vmName: vm-NAME\n      select_os: ${data.os.oss[0].name}\n      product_id: ${data.products.products[0].product_id}\n      cycle: ${var.cycle}\n    type: cloud_lite_vm\n',
  'NAME:\n    type: cloud_lite_disk\n    properties:\n      size: 60\n      cycle: m\n      service_name: "dk-${var.cycle}"\n      lite_account_id: ${vm_a.id}\n      product_id: ${data.disk_products.products[0].product_id}\n',
  'NAME:\n    type: cloud_lite_keypair\n',
  'NAME: { type: cloud_lite_keypair, properties: { name: x } }\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties:\n      name: ~\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties:\n      name: true\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties:\n      name:\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties: {}\n',
  // Not plain: read from fast nodes as before.
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: x }\n    depends_on: [vm_a]\n',
  'NAME:\n    type: cloud_lite_keypair\n    count: 2\n    properties: { name: "k-${count.index}" }\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: x }\n    lifecycle: { prevent_destroy: true }\n',
  'NAME:\n    type: cloud_lite_vm\n    properties:\n      vm_name: v\n      tags: [a, b]\n      cycle: m\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties: ~\n',
  // Errors: reported by the position-keeping walk, at the same places.
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: x, nmae: y }\n',
  'NAME:\n    type: cloud_lite_vm\n    properties:\n      vm_name: v\n      vmName: w\n',
  'NAME:\n    type: ""\n',
  'NAME:\n    properties: { name: x }\n',
  'NAME:\n    type: cloud_lite_keypair\n    colour: blue\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: "${nope.id}" }\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties: { name: "${vm_a.id" }\n',
  'NAME:\n    type: cloud_lite_nothing\n',
  'NAME: 12\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties:\n      0: x\n',
  'NAME:\n    type: cloud_lite_keypair\n    properties:\n      null: x\n',
];

/** Blocks of `data:`. */
const DATA_BLOCKS = [
  'NAME: { type: cloud_lite_os_list, properties: { product_id: "${data.products.products[0].product_id}" } }\n',
  'NAME: { type: cloud_lite_disk_products }\n',
  'NAME:\n    type: cloud_lite_products\n    depends_on: [vm_a]\n',
  'NAME:\n    type: cloud_lite_vm\n',
];

/** Names of blocks: valid, reserved, invalid, numeric. */
const NAMES = ['web', 'db_1', 'a-b', '_x', 'data', '9lives', '12', 'null', '__proto__', 'x.y'];

/** A generator of numbers below a bound, the same every run. */
function seeded(seed: number): (bound: number) => number {
  let state = seed;
  return (bound) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % bound;
  };
}

/** A manifest of random sections and blocks (`broken`: whether it may hold blocks that are errors). */
function manifest(next: (bound: number) => number, broken: boolean): string {
  const pick = <T>(items: readonly T[], valid: number) => items[next(broken ? items.length : valid)]!;
  const blocks = (templates: readonly string[], valid: number, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const name = broken && next(8) === 0 ? NAMES[next(NAMES.length)]! : `b${index}_${next(1000)}`;
      return `  ${pick(templates, valid).replaceAll('NAME', name)}`;
    }).join('');
  const sections = [
    `variables:\n  cycle: { default: m }\n  secret: { default: S3cret, sensitive: true }\n`,
    `resources:\n  vm_a:\n    type: cloud_lite_vm\n    properties: { vm_name: a, console_password: "\${var.secret}", cycle: m }\n${blocks(RESOURCE_BLOCKS, 15, 1 + next(12))}`,
    `data:\n  products: { type: cloud_lite_products }\n  os: { type: cloud_lite_os_list }\n  disk_products: { type: cloud_lite_disk_products }\n${blocks(DATA_BLOCKS, 2, next(3))}`,
    `outputs:\n  first: \${vm_a.id}\n  list: ["\${vm_a.id}", 2]\n`,
  ];
  // Sections in any order, so that nodes after the blocks read from the data are numbered right.
  for (let index = sections.length - 1; index > 0; index--) {
    const other = next(index + 1);
    [sections[index], sections[other]] = [sections[other]!, sections[index]!];
  }
  return sections.join('');
}

describe('manifest: blocks read from js-yaml data on a fast read', () => {
  it('reads the blocks of resources: and data: from the data, not from fast nodes', () => {
    const tree = readYamlFast(
      'resources:\n  web: { type: cloud_lite_keypair, properties: { name: w } }\noutputs:\n  id: ${web.id}\n',
      'x.yaml',
    );
    const root = tree?.root;
    expect(isMap(root)).to.equal(true);
    if (!isMap(root)) return;
    expect(rawMappingOf(root.items[0]!.value)?.data).to.deep.equal({ web: { type: 'cloud_lite_keypair', properties: { name: 'w' } } });
    // The pairs are made when read, numbered as if made at once: the output after them keeps its number.
    expect(rawMappingOf(root.items[1]!.value)).to.equal(undefined);
    expect((root.items[1]!.key as { id?: number }).id).to.equal(11);
  });

  it('makes of each listed block, in each section, what the position-keeping reader makes', () => {
    for (const [section, templates] of [
      ['resources', RESOURCE_BLOCKS],
      ['data', DATA_BLOCKS],
    ] as const) {
      for (const template of templates) {
        // A name the walk of the data leaves to the position-keeping reader (`null`) on every other template.
        const name = templates.indexOf(template) % 2 === 0 ? 'web' : 'null';
        const block = `  ${template.replaceAll('NAME', name)}`;
        const source = `variables:\n  cycle: { default: m }\n${section}:\n${block}  last: { type: cloud_lite_keypair }\noutputs:\n  o: \${var.cycle}\n`;
        expectReadersAgree(source, 'listed.yaml', { env: {} });
      }
    }
  });

  it('agrees with the position-keeping reader on 60 generated manifests, valid and broken', () => {
    const next = seeded(35);
    let taken = 0;
    for (let round = 0; round < 60; round++) {
      const source = manifest(next, round % 3 === 0);
      if (expectReadersAgree(source, `generated-${round}.yaml`, { env: {} })) taken++;
    }
    expect(taken).to.be.greaterThan(35);
  });
});
