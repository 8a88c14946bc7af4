/**
 * `cloudctl cost [MANIFEST]`: what the managed resources cost now, per
 * resource and in total, from the state after a refresh (each resource's
 * `recurring_amount` where the API reports one, else its product's price
 * in the catalogue). Writes nothing: neither state nor plan.
 */
import { CYCLE_WORDS, PRICE_UNKNOWN, formatMoney } from '../../engine/events.js';
import { openEngine, variableOptions } from '../run.js';
import type { Workspace } from '../workspace.js';

/** Options of `cost`. */
export interface CostCommandOptions {
  refresh: boolean;
  parallelism: number;
  lockTimeoutSeconds: number;
  /** Print `{ currency, monthly_total, partial, resources: [...] }` as JSON. */
  json?: boolean;
}

/**
 * Runs `cost`; resolves with 0. Endpoints: each resource type's read (GET)
 * for the refresh, and the product list endpoints of the priced types.
 * Errors: DiagnosticError for a bad manifest; StateLockedError; the API's
 * errors while refreshing (an unreadable product listing is a price unknown).
 */
export async function costCommand(ws: Workspace, file: string | undefined, options: CostCommandOptions): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const priced = await engine.cost(file, {
      refresh: options.refresh,
      parallelism: options.parallelism,
      lockTimeoutSeconds: options.lockTimeoutSeconds,
      ...variableOptions(ws),
    });
    if (options.json) {
      ws.io.stdout.write(
        `${JSON.stringify(
          {
            currency: priced.currency,
            monthly_total: priced.monthlyTotal,
            partial: priced.partial,
            resources: priced.resources.map((resource) => ({
              address: resource.address,
              type: resource.type,
              id: resource.id,
              cycle: resource.cycle,
              recurring: resource.recurring,
              monthly: resource.monthly,
              ...(resource.unknownReason ? { unknown_reason: resource.unknownReason } : {}),
            })),
          },
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    const out = (line = '') => ws.io.stdout.write(`${line}\n`);
    if (priced.resources.length === 0) {
      out('No managed resource bills anything.');
      return 0;
    }
    const width = Math.max(...priced.resources.map((resource) => resource.address.length));
    out('What the managed resources cost now:');
    out();
    for (const resource of priced.resources) {
      const price =
        resource.recurring === null
          ? `${PRICE_UNKNOWN}${resource.unknownReason ? `: ${resource.unknownReason}` : ''}`
          : `${formatMoney(resource.recurring, priced.currency)} ${CYCLE_WORDS[resource.cycle] ?? 'per cycle'}${resource.cycle !== 'm' && resource.monthly !== null ? ` (${formatMoney(resource.monthly, priced.currency)} per month)` : ''}`;
      out(`  ${resource.address.padEnd(width)}  ${resource.type} ${resource.id}: ${price}`);
    }
    out();
    const unknown = priced.resources.filter((resource) => resource.monthly === null).map((resource) => resource.address);
    out(
      ws.style.bold(
        `Total: ${formatMoney(priced.monthlyTotal, priced.currency)} per month.${unknown.length > 0 ? ` Partial: ${PRICE_UNKNOWN} for ${unknown.join(', ')}; the total leaves ${unknown.length === 1 ? 'it' : 'them'} out.` : ''}`,
      ),
    );
    return 0;
  } finally {
    await engine.close();
  }
}
