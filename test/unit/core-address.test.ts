import { expect } from 'chai';
import { addressSelects, blockAddress, canonicalAddress, formatAddress, parseAddress } from '../../src/core/address.js';

describe('addresses', () => {
  it('reads and writes plain, counted, keyed and module addresses canonically', () => {
    expect(canonicalAddress('web')).to.equal('web');
    expect(canonicalAddress(' web[ 2 ] ')).to.equal('web[2]');
    expect(canonicalAddress("web['eu']")).to.equal('web["eu"]');
    expect(canonicalAddress('cluster["a\\"b"].db[0]')).to.equal('cluster["a\\"b"].db[0]');
    const parsed = parseAddress('cluster[1].web["eu"]');
    expect(parsed).to.deep.equal({ address: { modules: [{ name: 'cluster', key: 1 }], resource: { name: 'web', key: 'eu' } } });
    if ('address' in parsed) expect(formatAddress(parsed.address)).to.equal('cluster[1].web["eu"]');
  });

  it('explains what is wrong with a bad address', () => {
    expect(parseAddress('')).to.deep.equal({ error: 'invalid address "": it is empty' });
    expect(parseAddress('web[')).to.have.property('error').that.contains('inside "[ ]"');
    expect(parseAddress('web.')).to.have.property('error').that.contains('expected a name');
    expect(parseAddress('web]')).to.have.property('error').that.contains('unexpected "]"');
    expect(canonicalAddress('1web')).to.equal(undefined);
  });

  it('selects instances the way Terraform reads targets', () => {
    expect(addressSelects('web', 'web')).to.equal(true);
    expect(addressSelects('web', 'web[0]')).to.equal(true);
    expect(addressSelects('web', 'web["eu"]')).to.equal(true);
    expect(addressSelects('web[0]', 'web[0]')).to.equal(true);
    expect(addressSelects('web[0]', 'web[1]')).to.equal(false);
    expect(addressSelects('web', 'webs')).to.equal(false);
    expect(addressSelects('cluster', 'cluster[1].db[0]')).to.equal(true);
    expect(addressSelects('cluster[0]', 'cluster[1].db[0]')).to.equal(false);
    expect(addressSelects('web[0]', 'web')).to.equal(false);
    expect(blockAddress('cluster.web[3]')).to.equal('cluster.web');
  });
});
