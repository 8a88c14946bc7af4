import { expect } from 'chai';
import { sameData } from '../../src/core/equal.js';

describe('sameData (JSON-shaped equality)', () => {
  it('ignores prototypes and key order, and compares arrays in order', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { create: '30m', update: '25m' });
    expect(sameData(bare, { update: '25m', create: '30m' })).to.equal(true);
    expect(sameData([1, { a: bare }], [1, { a: { create: '30m', update: '25m' } }])).to.equal(true);
    expect(sameData([1, 2], [2, 1])).to.equal(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).to.equal(false);
    expect(sameData({ a: 1 }, { b: 1 })).to.equal(false);
    expect(sameData(null, {})).to.equal(false);
    expect(sameData('1', 1)).to.equal(false);
  });
});
