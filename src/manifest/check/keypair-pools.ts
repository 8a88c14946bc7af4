/** Keypair pools: a keypair input must name a keypair of the pool its attribute declares ({@link checkKeypairPools}). */
import type { CatalogueEntry, KeypairPool } from '../../resources/attribute.js';
import type { Diagnostic } from '../../core/types.js';
import type { Manifest } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { forEachCatalogueBlock } from './blocks.js';

/** The inputs of each catalogue entry that take a keypair of one pool (`keypair_id` of `cloud_lite_vm`: `lite`), worked out once. */
const keypairInputsOf = new WeakMap<CatalogueEntry, Array<[string, KeypairPool]>>();

function keypairInputs(entry: CatalogueEntry): Array<[string, KeypairPool]> {
  let inputs = keypairInputsOf.get(entry);
  if (!inputs) {
    inputs = Object.entries(entry.attributes).flatMap(([name, attribute]): Array<[string, KeypairPool]> =>
      attribute.keypairPool ? [[name, attribute.keypairPool]] : [],
    );
    keypairInputsOf.set(entry, inputs);
  }
  return inputs;
}

/**
 * Keypair pools: an input with `keypairPool: X` (e.g. `keypair_id` of
 * `cloud_lite_vm`, pool `lite`) that is exactly a reference to
 * `<name>.keypair_id` or `<name>.id` of a resource whose type is a keypair of
 * pool Y ≠ X is an error at the property's key:
 * `keypair_id: keypair "k" is in the lite_pro pool; cloud_lite_vm needs a lite keypair`.
 * References to anything else (variables, literals, non-keypair resources)
 * are not checked.
 */
export function checkKeypairPools(manifest: Manifest, catalogue: CatalogueView = defaultCatalogue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  forEachCatalogueBlock(manifest, catalogue, (block, _kind, entry) => {
    for (const [name, wanted] of keypairInputs(entry)) {
      const expression = block.properties[name];
      if (expression?.kind !== 'reference') continue;
      const { reference } = expression;
      if (reference.root !== 'resource' || reference.path.length !== 1) continue;
      if (reference.path[0] !== 'keypair_id' && reference.path[0] !== 'id') continue;
      const target = manifest.resources[reference.name];
      const targetEntry = target ? catalogue.lookup(target.type) : undefined;
      if (targetEntry?.kind !== 'resource' || !targetEntry.keypairPool || targetEntry.keypairPool === wanted) continue;
      diagnostics.push({
        severity: 'error',
        code: 'keypair_pool_mismatch',
        message: `${name}: keypair "${reference.name}" is in the ${targetEntry.keypairPool} pool; ${entry.type} needs a ${wanted} keypair`,
        location: block.propertyLocations[name] ?? expression.location,
      });
    }
  });
  return diagnostics;
}
