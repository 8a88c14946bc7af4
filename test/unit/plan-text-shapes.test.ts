/**
 * Unit tests of the printed plan's reuse of texts (src/cli/views/plan.ts):
 * the attribute lines of new resources are written through the texts of a
 * shape kept per style and type (names, order, width, which are known only
 * after apply) and made from the first change of that shape. A block must
 * read the same whether its shape was made for it or for another change:
 * each change's block in a plan of many is compared with its block in a
 * plan of its own, rendered with a style of its own (nothing kept). The
 * golden plans (golden-plans.test.ts) compare the texts themselves.
 */
import { expect } from 'chai';
import { renderPlanText } from '../../src/cli/views/plan.js';
import { createStyle } from '../../src/cli/views/style.js';
import type { AttributeChange, Change, PlanDocument } from '../../src/plan/document.js';

/** An attribute of a new resource: `unknown` makes it known only after apply (its own address's value). */
function attribute(name: string, after: unknown, extra: Partial<AttributeChange> = {}): AttributeChange {
  return { name, after, sensitive: false, ...extra } as AttributeChange;
}

/** A new resource of `type` at `address` (`read`: a data source read during apply). */
function created(address: string, type: string, attributes: AttributeChange[], action: 'create' | 'read' = 'create'): Change {
  return {
    address,
    type,
    mode: action === 'read' ? 'data' : 'resource',
    action,
    reasonCodes: [],
    attributes,
    operations: [],
    paidOrders: 0,
    dependsOn: [],
  } as unknown as Change;
}

const unknown = (address: string, name: string) => ({ $unknown: `${address}.${name}` });

/** Creates and reads of one type in many shapes, some met again after others and after the shapes kept ran out. */
function changes(): Change[] {
  const vm = (index: number, attributes: (address: string) => AttributeChange[]) =>
    created(`vm_${index}`, 'cloud_lite_vm', attributes(`vm_${index}`));
  const plain = (address: string) => [
    attribute('id', unknown(address, 'id')),
    attribute('vm_name', address),
    attribute('console_password', 'secret', { sensitive: true }),
    attribute('status', unknown(address, 'status')),
  ];
  return [
    vm(1, plain),
    vm(2, plain),
    vm(3, (address) => [attribute('id', unknown(address, 'id')), attribute('vm_name', 'line one\nline two')]),
    vm(4, (address) => [attribute('vm_name', address), attribute('id', unknown(address, 'id'))]),
    vm(5, (address) => [attribute('id', unknown(address, 'id'), { reason: 'a note' }), attribute('vm_name', address)]),
    vm(6, (address) => [attribute('identifier', unknown(address, 'identifier')), attribute('vm_name', address)]),
    vm(7, (address) => [attribute('id', unknown(address, 'id')), attribute('description', 'a "quoted" é value')]),
    vm(8, (address) => [attribute('id', unknown(address, 'id')), attribute('size', 60), attribute('tags', ['a', 'b'])]),
    vm(9, (address) => [attribute('id', unknown(address, 'id')), attribute('size', 120), attribute('tags', [])]),
    vm(10, (address) => [attribute('id', unknown(address, 'id')), attribute('vm_name', address), attribute('x', undefined)]),
    vm(11, plain),
    vm(12, (address) => [
      attribute('id', 'known'),
      attribute('vm_name', address),
      attribute('console_password', 'secret', { sensitive: true }),
      attribute('status', unknown(address, 'status')),
    ]),
    vm(13, (address) => [attribute('id', unknown(address, 'id'), { sensitive: true }), attribute('vm_name', address)]),
    created('data.os', 'cloud_lite_vm', [attribute('id', unknown('data.os', 'id')), attribute('vm_name', 'os')], 'read'),
    vm(14, plain),
  ];
}

/** A plan of `changes` alone. */
function planOf(changes: Change[]): PlanDocument {
  return {
    format_version: 1,
    mode: 'apply',
    manifest: { path: 'cloudctl.yaml' },
    outputs: {},
    warnings: [],
    changes,
  } as unknown as PlanDocument;
}

/** The change blocks of a plan's text: from its first heading to the blank line before its summary. */
function blocksOf(text: string): string {
  const start = text.indexOf('\n  # ');
  return text.slice(start, text.indexOf('\nPlan: ', start));
}

describe('printed plan: texts kept per shape of new resources (cli/views/plan.ts)', () => {
  for (const color of [false, true]) {
    it(`writes every block as a plan of its own would${color ? ', in colour' : ''}`, () => {
      const all = changes();
      const text = renderPlanText(planOf(all), createStyle(color));
      const alone = all.map((change) => blocksOf(renderPlanText(planOf([change]), createStyle(color))));
      expect(blocksOf(text)).to.equal(alone.join(''));
      // Rendered again with the texts kept from the first time.
      const style = createStyle(color);
      renderPlanText(planOf(all), style);
      expect(renderPlanText(planOf(all), style)).to.equal(text);
    });
  }

  it('pads to the longest name and writes values, masks and unknowns as before', () => {
    const text = renderPlanText(planOf(changes().slice(0, 2)), createStyle(false));
    expect(blocksOf(text)).to.equal(
      [
        '',
        '  # vm_1 will be created',
        '  + resource "cloud_lite_vm" "vm_1" {',
        '      + id               = (known after apply)',
        '      + vm_name          = "vm_1"',
        '      + console_password = (sensitive)',
        '      + status           = (known after apply)',
        '    }',
        '',
        '  # vm_2 will be created',
        '  + resource "cloud_lite_vm" "vm_2" {',
        '      + id               = (known after apply)',
        '      + vm_name          = "vm_2"',
        '      + console_password = (sensitive)',
        '      + status           = (known after apply)',
        '    }',
        '',
      ].join('\n'),
    );
  });
});
