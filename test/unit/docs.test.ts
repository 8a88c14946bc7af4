import { expect } from 'chai';
import { staleDocs } from '../../scripts/generate-docs.js';
import { catalogue } from '../../src/resources/index.js';
import { renderDoc } from '../../src/docs-generator/render.js';
import { renderFunctionsDoc } from '../../src/docs-generator/functions.js';
import { FUNCTIONS, signature } from '../../src/manifest/functions/index.js';

describe('generated reference docs', () => {
  it('docs/ matches the catalogue (run `npm run docs` after changing a type)', () => {
    expect(staleDocs(), 'run: npm run docs').to.deep.equal([]);
  });

  it('every page names every attribute with its mode and policy', () => {
    for (const entry of catalogue.values()) {
      const page = renderDoc(entry);
      for (const name of Object.keys(entry.attributes)) expect(page, `${entry.type}.${name}`).to.include(`| \`${name}\``);
      expect(page).to.include('## Example');
    }
  });

  it('docs/functions.md lists every function of the table with its signature', () => {
    const page = renderFunctionsDoc();
    for (const definition of FUNCTIONS) expect(page).to.include(`| \`${signature(definition)}\` |`);
  });
});
