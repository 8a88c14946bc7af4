/**
 * The packages a few functions need, loaded on first use (synchronously,
 * through `require`; each ships a CommonJS build) so that a manifest that
 * calls none of them does not pay for them at start-up: `re2js` (RE2
 * regular expressions), `csv-parse` (`csvdecode`) and `yaml` (`yamldecode`,
 * `yamlencode`, through the loader src/manifest/syntax/yaml.ts shares).
 */
import { createRequire } from 'node:module';
export { yamlLibrary } from '../syntax/yaml.js';

const require = createRequire(import.meta.url);

/** The re2js module. */
export type Re2Library = typeof import('re2js');
/** The csv-parse/sync module. */
export type CsvLibrary = typeof import('csv-parse/sync');

let re2: Re2Library | undefined;
let csv: CsvLibrary | undefined;

/** `re2js`, loaded on first use. */
export function re2Library(): Re2Library {
  return (re2 ??= require('re2js') as Re2Library);
}

/** `csv-parse/sync`, loaded on first use. */
export function csvLibrary(): CsvLibrary {
  return (csv ??= require('csv-parse/sync') as CsvLibrary);
}
