/**
 * Bare-metal servers, their keypair pool, catalogue, OpenVPN and rebuild-OS
 * list (docs/api/baremetal.md, docs/api/keypairs.md). Note the asymmetric paths: reads and power
 * under `/baremetals/accounts/{id}`, label update, delete and rebuild under
 * `/baremetals/{id}`.
 */
import { METAL_CYCLES, type BaremetalProduct } from '../catalog.js';
import type { Ctx, Route, SimEnv } from '../router.js';
import { target, type MetalAccount, type MetalAttrs } from '../store.js';
import { pick } from '../records.js';
import { Validator } from '../request-body.js';
import { HttpError } from '../request-errors.js';
import {
  accountLookup,
  accountReadRoutes,
  accountView,
  billingView,
  checkText,
  found,
  ipFor,
  newAccountRoute,
  OK,
  orderAccount,
  requireLive,
  requireProvisioned,
  terminateRoute,
  unprocessable,
} from './accounts-and-invoices.js';
import { keypairRoutes } from './keypairs.js';

const WHAT = 'bare-metal server';
const POWER = ['on', 'off', 'reset'];

function metalProduct(env: SimEnv, id: number): BaremetalProduct {
  const p = env.catalog.baremetalProducts.find((x) => x.product_id === id);
  if (!p) throw new HttpError(500, `product ${id} vanished from the catalogue`);
  return p;
}

/** Bare-metal account object at `now`. */
export function metalView(rec: MetalAccount, now: number): Record<string, unknown> & { status: string } {
  const view = accountView(rec, now, (a) => pick(a, ['ip_address', 'label', 'product_id', 'keypair_id', 'select_os']), true);
  return { ...view, order_id: rec.order_id, ...billingView(rec, now) };
}

const metal: (ctx: Ctx) => MetalAccount = accountLookup('baremetal', WHAT);

const OVPN = (seed: number): string =>
  [
    'client',
    'dev tun',
    'proto udp',
    `remote vpn-${(seed % 97) + 1}.oob.cloudsim.internal 1194`,
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    'remote-cert-tls server',
    'cipher AES-256-GCM',
    'auth SHA256',
    'verb 3',
    '<ca>',
    '-----BEGIN CERTIFICATE-----',
    'MIIBszCCAVmgAwIBAgIUSIMULATEDCERTIFICATEONLYFORTESTS0wCgYIKoZIzj0E',
    '-----END CERTIFICATE-----',
    '</ca>',
    '',
  ].join('\n');

/** Routes of sections 1-3. */
export function baremetalRoutes(): Route[] {
  return [
    { method: 'GET', pattern: '/baremetals/products', handler: ({ env }) => env.catalog.baremetalProducts.map(({ oss: _oss, ...p }) => p) },
    {
      method: 'GET',
      pattern: '/baremetals/products/:pid',
      handler: (ctx) => {
        const p = found(
          ctx.env.catalog.baremetalProducts.find((x) => x.product_id === Number(ctx.params.pid)),
          'product',
          ctx.params.pid as string,
        );
        const { oss: _oss, ...rest } = p;
        return rest;
      },
    },
    {
      method: 'GET',
      pattern: '/baremetals/products/:pid/oss',
      handler: (ctx) => [
        ...found(
          ctx.env.catalog.baremetalProducts.find((x) => x.product_id === Number(ctx.params.pid)),
          'product',
          ctx.params.pid as string,
        ).oss,
      ],
    },
    { method: 'GET', pattern: '/baremetals/states', handler: ({ env }) => [...env.catalog.baremetalStates] },
    { method: 'GET', pattern: '/baremetals/openvpn', handler: ({ env }) => ({ config: OVPN(env.seed) }) },
    ...accountReadRoutes('/baremetals/accounts', (env) => env.store.accountsOf('baremetal'), metal, metalView),
    newAccountRoute('/baremetals', METAL_CYCLES, (v, { productId, cycle, payment }, ctx) => {
      const { store, seed, catalog } = ctx.env;
      const os = v.str('select_os', false) ?? 'ubuntu-22';
      const keypairId = v.int('keypair_id', true);
      const label = v.str('label', true);
      checkText(v, 'label', label, 16);
      const publicIp = v.int('public_ip', false) ?? 1;
      if (publicIp < 1 || publicIp > 16) v.fail('public_ip', 'public_ip must be between 1 and 16');
      const paid = payment();
      const p = productId === undefined ? undefined : catalog.baremetalProducts.find((x) => x.product_id === productId);
      if (productId !== undefined && !p) v.fail('product_id', `product_id ${productId} is not a bare-metal product`);
      if (p && !p.oss.includes(os)) v.fail('select_os', `select_os ${os} is not offered for product ${p.product_id}`);
      if (keypairId !== undefined && !store.keypairIn('baremetal', keypairId)) {
        v.fail('keypair_id', `keypair_id ${keypairId} is not in the bare-metal keypair pool`);
      }
      v.check();
      return orderAccount(ctx, { cycle: cycle as string, paid, operation: 'baremetal.create', productId }, (base): MetalAccount => ({
        kind: 'baremetal',
        ...base,
        attrs: {
          product_id: productId as number,
          label: label as string,
          keypair_id: keypairId as number,
          select_os: os,
          ip_address: ipFor('baremetal', base.id, seed),
          public_ip: publicIp,
        },
        power: { state: 'on', since: base.ready_at ?? ctx.now },
      }));
    }),
    {
      method: 'PUT',
      pattern: '/baremetals/:id',
      handler: (ctx) => {
        const rec = metal(ctx);
        const v = new Validator(ctx.body);
        const label = v.str('label', true);
        checkText(v, 'label', label, 16);
        v.check();
        requireLive(rec, WHAT);
        rec.attrs.label = label as string;
        ctx.env.store.touch(rec);
        return OK;
      },
    },
    terminateRoute('/baremetals/:id', metal, WHAT, (rec, ctx) => {
      (rec as MetalAccount).power = { state: 'off', since: ctx.now };
      const data = ctx.env.store.data;
      data.assignments = data.assignments.filter((a) => a.metal_id !== rec.id);
    }),
    {
      method: 'GET',
      pattern: '/baremetals/accounts/:id/state',
      handler: (ctx) => {
        const rec = metal(ctx);
        requireProvisioned(rec, WHAT, ctx.now);
        return { state: rec.power.state };
      },
    },
    ...['', '/*state'].map((tail): Route => ({
      method: 'PUT',
      pattern: `/baremetals/accounts/:id/state${tail}`,
      handler: (ctx) => {
        const rec = metal(ctx);
        const state = ctx.params.state ?? '';
        if (!POWER.includes(state)) throw unprocessable('state', `state must be one of ${POWER.join(' ')} (got "${state}")`);
        requireProvisioned(rec, WHAT, ctx.now);
        if (state === 'reset') rec.power = { state: 'on', since: ctx.now };
        else if (state !== rec.power.state) rec.power = { state: state as 'on' | 'off', since: ctx.now };
        ctx.env.store.touch(rec);
        return OK;
      },
    })),
    {
      method: 'GET',
      pattern: '/baremetals/:id/rebuild/oss',
      handler: (ctx) => {
        const rec = metal(ctx);
        return [...metalProduct(ctx.env, target(rec).product_id).oss];
      },
    },
    {
      method: 'PUT',
      pattern: '/baremetals/:id/rebuild',
      handler: (ctx) => {
        // The reference CLI omits the body when no OS is given: reinstall the current OS.
        const rec = metal(ctx);
        const v = new Validator(ctx.body);
        const given = ctx.body.os !== undefined;
        const os = v.str('os', given);
        v.check();
        requireProvisioned(rec, WHAT, ctx.now);
        const cur = target(rec);
        const wanted = os ?? cur.select_os;
        const valid = metalProduct(ctx.env, cur.product_id).oss;
        if (!valid.includes(wanted)) throw unprocessable('os', `os must be one of ${valid.join(', ')} (got "${wanted}")`);
        ctx.env.store.schedule<MetalAttrs>(rec, { select_os: wanted }, ctx.now, ctx.env.asyncMs, true, 'rebuild');
        rec.power = { state: 'on', since: ctx.now + ctx.env.asyncMs };
        return OK;
      },
    },
    ...keypairRoutes('/baremetals', 'baremetal', 'keypair_id'),
  ];
}
