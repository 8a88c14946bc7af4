/**
 * The quotes one pricing remembers (src/engine/quote-memo.ts): a quote is
 * given again only to attributes equal where the hook read them; a hook that
 * lists the attributes' keys is never remembered.
 */
import { expect } from 'chai';
import { NOT_REMEMBERED, QuoteMemo } from '../../src/engine/quote-memo.js';
import type { PlannedValue } from '../../src/core/types.js';
import type { PriceQuote, ResourceType } from '../../src/resources/attribute.js';

const vm = { type: 'cloud_lite_vm' } as ResourceType;
const disk = { type: 'cloud_lite_disk' } as ResourceType;

describe('QuoteMemo', () => {
  it('asks once per product and cycle, and again when a value the hook read differs (or for another type)', async () => {
    const asked: PlannedValue[] = [];
    const memo = new QuoteMemo(async (_type, attributes) => {
      asked.push(attributes.product_id);
      return { cycle: String(attributes.cycle), recurring: Number(attributes.product_id) * 10 };
    });
    const first = await memo.quote(vm, { product_id: 1, cycle: 'm', vm_name: 'a' });
    const second = await memo.quote(vm, { product_id: 1, cycle: 'm', vm_name: 'b' });
    expect(second).to.equal(first);
    expect(asked).to.have.length(1);
    expect(await memo.quote(vm, { product_id: 2, cycle: 'm', vm_name: 'a' })).to.deep.equal({ cycle: 'm', recurring: 20 });
    expect(await memo.quote(vm, { product_id: 1, cycle: 'q' })).to.deep.equal({ cycle: 'q', recurring: 10 });
    expect(await memo.quote(disk, { product_id: 1, cycle: 'm' })).to.deep.equal({ cycle: 'm', recurring: 10 });
    expect(asked).to.have.length(4);
    expect(memo.lookup(vm, { product_id: 2, cycle: 'm' })).to.deep.equal({ cycle: 'm', recurring: 20 });
    expect(memo.lookup(vm, { product_id: 3, cycle: 'm' })).to.equal(NOT_REMEMBERED);
    const read = (values: Record<string, PlannedValue>) => (name: string) => values[name];
    expect(memo.lookup(vm, read({ product_id: 2, cycle: 'm' }))).to.deep.equal({ cycle: 'm', recurring: 20 });
    expect(memo.lookup(vm, read({ product_id: 2, cycle: 'a' }))).to.equal(NOT_REMEMBERED);
  });

  it('compares what the hook read as data (an unknown marker, a missing value)', async () => {
    let calls = 0;
    const memo = new QuoteMemo(async (_type, attributes): Promise<PriceQuote> => {
      calls++;
      return { cycle: 'm', recurring: attributes.disk_size === undefined ? 1 : null };
    });
    await memo.quote(vm, { disk_size: { $unknown: 'vm_1.disk_size' } });
    expect(memo.lookup(vm, { disk_size: { $unknown: 'vm_1.disk_size' } })).to.deep.equal({ cycle: 'm', recurring: null });
    expect(memo.lookup(vm, { disk_size: { $unknown: 'vm_2.disk_size' } })).to.equal(NOT_REMEMBERED);
    expect(await memo.quote(vm, {})).to.deep.equal({ cycle: 'm', recurring: 1 });
    expect(calls).to.equal(2);
  });

  it('never remembers a hook that lists the keys or asks `in`', async () => {
    let calls = 0;
    const memo = new QuoteMemo(async (_type, attributes): Promise<PriceQuote> => {
      calls++;
      return { cycle: 'm', recurring: Object.keys(attributes).length + ('cycle' in attributes ? 100 : 0) };
    });
    expect(await memo.quote(vm, { a: 1 })).to.deep.equal({ cycle: 'm', recurring: 1 });
    expect(await memo.quote(vm, { a: 1, b: 2, cycle: 'm' })).to.deep.equal({ cycle: 'm', recurring: 103 });
    expect(memo.lookup(vm, { a: 1 })).to.equal(NOT_REMEMBERED);
    expect(calls).to.equal(2);
  });
});
