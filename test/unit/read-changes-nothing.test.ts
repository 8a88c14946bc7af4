/**
 * The refresh's quick judgement of an unchanged read (`readChangesNothing`,
 * src/engine/attributes.ts) against the full path it stands for: for every
 * resource type of the catalogue and reads that keep, change, drop, blank,
 * add or re-spell (an equal copy of an object) each attribute in turn (and
 * a state holding a name the type no longer has), it
 * says "nothing" exactly when merging the read (`mergeAttributes`) and
 * keeping equal values (`keepUnchanged`) gives the prior attributes back and
 * `readBackNotes` notes nothing.
 */
import { expect } from 'chai';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { mergeAttributes, readBackNotes, readChangesNothing } from '../../src/engine/attributes.js';
import { keepUnchanged } from '../../src/engine/refresh.js';
import type { Attributes } from '../../src/core/types.js';
import type { ResourceType } from '../../src/resources/attribute.js';

/** What the full path says of `read`: nothing changed and nothing noted. */
function fullPath(type: ResourceType, prior: Attributes, read: Attributes): boolean {
  return keepUnchanged(prior, mergeAttributes(type, prior, read)) === prior && readBackNotes('a', type, prior, read).length === 0;
}

/** A state's attributes for `type`: every attribute set (one as an object), `id` included. */
function priorOf(type: ResourceType): Attributes {
  const prior: Attributes = { id: '7' };
  Object.keys(type.attributes).forEach((name, index) => {
    prior[name] = index === 1 ? { nested: [1, 'two'] } : `v-${name}`;
  });
  prior.id = '7';
  return prior;
}

describe('refresh: an unchanged read judged without merging it', () => {
  it('agrees with merge + keepUnchanged + readBackNotes for every type and every one-attribute variation', () => {
    let cases = 0;
    let nothing = 0;
    for (const entry of defaultCatalogue.entries()) {
      if (entry.kind !== 'resource') continue;
      const type = entry;
      const prior = priorOf(type);
      const reads: Attributes[] = [{ ...prior }, structuredClone(prior), { id: '7' }, { ...prior, extra: 1 }];
      for (const name of [...Object.keys(type.attributes), 'id']) {
        for (const value of [undefined, null, '', 'changed', structuredClone(prior[name])]) {
          const read: Attributes = { ...prior };
          if (value === undefined) delete read[name];
          else read[name] = value;
          reads.push(read);
        }
        const { [name]: _dropped, ...withoutInPrior } = prior;
        expect(readChangesNothing(type, withoutInPrior, prior), `${type.type}: ${name} absent from state`).to.equal(
          fullPath(type, withoutInPrior, prior),
        );
      }
      const withStale = { ...prior, stale: 'no longer in the table' };
      expect(readChangesNothing(type, withStale, prior), `${type.type}: a stale name in state`).to.equal(fullPath(type, withStale, prior));
      for (const read of reads) {
        const quick = readChangesNothing(type, prior, read);
        expect(quick, `${type.type}: ${JSON.stringify(read)}`).to.equal(fullPath(type, prior, read));
        cases++;
        if (quick) nothing++;
      }
    }
    expect(cases).to.be.greaterThan(200);
    expect(nothing, 'some reads change nothing').to.be.greaterThan(10);
    expect(cases - nothing, 'some reads change something').to.be.greaterThan(10);
  });
});
