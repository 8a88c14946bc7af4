/**
 * Lite-style catalogues (docs/api/lite.md "Catalogues", and the snapshot and
 * disk products of sections 9-10 / 14-15): plans, OS images per plan, IP
 * availability per plan.
 */
import type { Route } from '../../router.js';
import { productRoutes } from '../accounts-and-invoices.js';
import type { LiteGroup } from './group.js';

/** Catalogue routes of one lite-style group. */
export function catalogueRoutes(g: LiteGroup): Route[] {
  const { prefix } = g;
  return [
    { method: 'GET', pattern: `${prefix}/products`, handler: ({ env }) => g.cat(env).products.map((p) => p.plan) },
    { method: 'GET', pattern: `${prefix}/products/:pid`, handler: (ctx) => g.planOf(ctx).plan },
    { method: 'GET', pattern: `${prefix}/products/:pid/oss`, handler: (ctx) => g.planOf(ctx).oss },
    { method: 'GET', pattern: `${prefix}/products/:pid/ip-availability`, handler: (ctx) => ({ available: g.planOf(ctx).ipAvailable }) },
    ...productRoutes(`${prefix}/snapshots/products`, (env) => g.cat(env).snapshotProducts),
    ...productRoutes(`${prefix}/disks/products`, (env) => g.cat(env).diskProducts),
  ];
}
