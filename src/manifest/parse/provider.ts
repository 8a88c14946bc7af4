/** Parsing the `provider:` section (base URL, poll interval). */
import { parseDuration } from '../../core/duration.js';
import type { Manifest, ProviderConfig } from '../types.js';
import { describeKind } from './expressions.js';
import type { TreePair } from '../syntax/source-tree.js';
import type { Walker } from './walker.js';
import { type OptionReader, describeGiven, readSettings } from './sections.js';

/** Keys of `provider:` (snake_case; camelCase accepted). */
export const PROVIDER_KEYS = ['base_url', 'poll_interval'] as const;

/** `provider.base_url`: an http or https URL, else `undefined` (reported). */
const providerBaseUrl: OptionReader<ProviderConfig> = (walker, value, valueAt, provider) => {
  let ok = typeof value === 'string';
  if (ok) {
    try {
      const url = new URL(value as string);
      ok = url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    walker.error(
      `provider.base_url: expected an http or https URL, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}`,
      valueAt,
      'invalid_value',
    );
    return undefined;
  }
  provider.baseUrl = value as string;
  return value;
};

/** `provider.poll_interval`: positive seconds or a duration (`2s`); the normalised document keeps it as written. */
const providerPollInterval: OptionReader<ProviderConfig> = (walker, value, valueAt, provider) => {
  let seconds: number | undefined;
  try {
    seconds = typeof value === 'number' || typeof value === 'string' ? parseDuration(value) : undefined;
  } catch {
    seconds = undefined;
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    walker.error(
      `provider.poll_interval: expected a positive number of seconds or a duration such as "2s", got ${describeGiven(value)}`,
      valueAt,
      'invalid_value',
    );
    return undefined;
  }
  provider.pollIntervalSeconds = seconds;
  return value;
};

/** `provider:` — `base_url` and `poll_interval`, both optional. */
export function parseProvider(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.provider = readSettings<ProviderConfig>(walker, section, 'provider', data, PROVIDER_KEYS, {
    base_url: providerBaseUrl,
    poll_interval: providerPollInterval,
  });
}
