/**
 * A plan you can look at (issue 13): `cloudctl plan --html FILE` and
 * `cloudctl show --html FILE` write one self-contained page, opened here in
 * headless Chromium (Debian's `chromium`, driven by playwright-core) to
 * check what a reviewer sees: every resource of the plan, actions and
 * totals as `plan --json` says, secrets as `(sensitive)`, and nothing
 * fetched from the network. Skipped when /usr/bin/chromium is absent
 * (CI installs it in .ci/run). Also `cloudctl graph --format svg`.
 * The page of examples/full.yaml reads like a review page (issue 29): no
 * graph label wider than its box (long type names such as
 * `cloud_baremetal_additional_ip_assignment` included), the summary, cost,
 * budget and paid orders before the graph and the changes, and the values
 * known only after apply folded in a closed `<details>`.
 * A plan of 3,000 changes (issue 38: `count: 2990`, a repeated module)
 * is a page under 1 MB whose first screen shows the summary, cost, budget
 * and paid orders: each repeated block one box and one closed entry with
 * its instance count, its instances in closed pages a click away.
 * Replace, create-before-destroy, delete and a deposed delete are drawn in
 * four colours and four shapes, each in the legend.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useStack, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import { replacesAndDeletesPlan } from '../fixtures/drawn-plan.js';
import { writePlanHtml } from '../../src/cli/views/html.js';

const CHROMIUM = '/usr/bin/chromium';
const PASSWORD = 'Sup3rSecretPw';

const MANIFEST = `${passwordVariable()}data:
  products: { type: cloud_lite_products }
resources:
${liteKeypair('key', 'html-key')}${liteVm('web', 'web-server-01', { productId: '${data.products.products[1].product_id}' })}  address:
    type: cloud_baremetal_additional_ip
    properties: { product_id: 4001, cycle: a }
budget:
  monthly_limit: 1000000
`;

/** A module of three keypairs, used with `count: 2` in {@link BIG}. */
const TEAM_MODULE = `variables:
  prefix: {}
resources:
  key:
    type: cloud_lite_keypair
    count: 3
    properties: { name: "\${var.prefix}-\${count.index}" }
`;

/** 3,001 creates: 2,990 keypairs of one block, one keypair, 4 paid VMs, and 6 keypairs of a repeated module. */
const BIG = `${passwordVariable()}resources:
  k:
    type: cloud_lite_keypair
    count: 2990
    properties: { name: "k-\${count.index}" }
${liteKeypair('key', 'main-key')}${liteVm('web', 'web-srv-${count.index}', { before: '    count: 4\n' })}  team:
    module: ./team
    count: 2
    inputs: { prefix: "t\${count.index}" }
budget:
  monthly_limit: 1000000
`;

/** A fresh headless Chromium (its own profile, nothing fetched in the background); `close` removes the profile. */
async function openChromium() {
  const { chromium } = await import('playwright-core');
  const profile = await tempFolder('cloudctl-chromium-');
  // A fresh profile (playwright passes it as --user-data-dir).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

describe('integration: the HTML plan in a browser', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: MANIFEST, env: { TEST_CONSOLE_PASSWORD: PASSWORD } });
  // One browser for the suite (started by the first test that needs it): each start costs seconds.
  let shared: ReturnType<typeof openChromium> | undefined;
  const chromium = async () => ({ browser: (await (shared ??= openChromium())).browser, close: async () => undefined });
  after(async () => {
    await (await shared)?.close();
  });

  it('graph --format svg renders SVG in-process', async () => {
    const result = await stack.run('graph', 'stack.yaml', '--format', 'svg');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('<svg');
    expect(result.stdout).to.include('web');
  });

  it('plan --html and show --html: what a reviewer sees matches plan --json, secrets masked, no network', async function () {
    if (!existsSync(CHROMIUM)) this.skip(); // CI installs Debian's chromium in .ci/run
    const planned = await stack.run('plan', 'stack.yaml', '--json', '--html', 'plan.html');
    expect(planned.code, planned.stderr).to.equal(0);
    const plan = JSON.parse(planned.stdout);
    const shown = await stack.run('show', '--html', 'shown.html');
    expect(shown.code, shown.stderr).to.equal(0);
    for (const page of ['plan.html', 'shown.html']) {
      const html = await readFile(join(stack.folder, page), 'utf8');
      expect(html).to.not.include(PASSWORD);
    }

    const { browser, close } = await chromium();
    try {
      for (const page of ['plan.html', 'shown.html']) {
        const tab = await browser.newPage();
        const requests: string[] = [];
        tab.on('request', (request) => requests.push(request.url()));
        const url = pathToFileURL(join(stack.folder, page)).href;
        await tab.goto(url);
        expect(requests, 'the page fetched something').to.deep.equal([url]);

        const seen = await tab.$$eval('section.change', (sections) =>
          sections.map((section) => ({
            address: section.getAttribute('data-address'),
            action: section.getAttribute('data-action'),
            text: (section as HTMLElement).innerText,
          })),
        );
        const expected = plan.changes.filter((change: { action: string }) => change.action !== 'noop');
        expect(seen.map((entry) => [entry.address, entry.action])).to.deep.equal(
          expected.map((change: { address: string; action: string }) => [change.address, change.action]),
        );
        for (const address of ['key', 'web', 'address'])
          expect(
            seen.some((entry) => entry.address === address),
            address,
          ).to.equal(true);
        const web = seen.find((entry) => entry.address === 'web')!;
        expect(web.text).to.include('(sensitive)');
        expect(web.text).to.include('Cost: Rp 120.000 per month, due now Rp 120.000');

        const cost: Record<string, string | undefined> = await tab.$eval('#cost-summary', (element) => ({
          ...(element as HTMLElement).dataset,
          text: (element as HTMLElement).innerText,
        }));
        expect(Number(cost.monthlyAfter)).to.equal(plan.cost.monthly_after);
        expect(Number(cost.dueNow)).to.equal(plan.cost.due_now);
        expect(Number(cost.orders)).to.equal(plan.cost.orders);
        expect(cost.text).to.match(/^Cost: \+Rp [\d.]+ per month/);
        expect(await tab.$eval('#budget', (element) => (element as HTMLElement).innerText)).to.include('of Rp 1.000.000 per month');
        expect(await tab.$eval('#summary', (element) => (element as HTMLElement).innerText)).to.equal(
          'Plan: 3 to add, 0 to change, 0 to destroy. 2 paid orders.',
        );

        const nodes = await tab.$$eval('.graph svg g.node title', (titles) => titles.map((title) => title.textContent));
        for (const change of expected) expect(nodes, change.address).to.include(change.address);
        const body = await tab.evaluate(() => document.body.innerText);
        expect(body).to.not.include(PASSWORD);
        await tab.close();
      }
    } finally {
      await close();
    }
  });

  it('3,000 changes: under 1 MB, short, the summary, budget and paid orders on the first screen; repeated blocks one box, expandable', async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    await mkdir(join(stack.folder, 'team'), { recursive: true });
    await write(stack.folder, 'team/main.yaml', TEAM_MODULE);
    await write(stack.folder, 'big.yaml', BIG);
    const planned = await stack.run('plan', 'big.yaml', '--html', 'big.html', '--no-color');
    expect(planned.code, planned.stderr).to.equal(0);
    expect(planned.stdout).to.include('Plan: 3001 to add, 0 to change, 0 to destroy. 4 paid orders.');
    const bytes = (await readFile(join(stack.folder, 'big.html'))).length;
    expect(bytes, `the page is ${bytes} bytes`).to.be.lessThan(1_000_000);
    const { browser, close } = await chromium();
    try {
      const tab = await browser.newPage();
      await tab.setViewportSize({ width: 1280, height: 800 });
      await tab.goto(pathToFileURL(join(stack.folder, 'big.html')).href);
      const height = await tab.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `the page is ${height} px tall`).to.be.lessThan(3000);
      const firstScreen = await tab.evaluate(
        (selectors) => selectors.map((selector) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity),
        ['#summary', '#cost-summary', '#budget', '#paid-orders'],
      );
      for (const bottom of firstScreen) expect(bottom).to.be.within(1, 800);
      expect(await tab.$eval('#summary', (element) => (element as HTMLElement).innerText)).to.equal(
        'Plan: 3001 to add, 0 to change, 0 to destroy. 4 paid orders.',
      );
      expect(await tab.$$eval('#paid-orders tr[data-block]', (rows) => rows.map((row) => row.getAttribute('data-block')))).to.deep.equal([
        'web',
      ]);

      // The graph: one node per block (k[*] once, with its count), the module a cluster, each node linked to its entry.
      const nodes = await tab.$$eval('.graph svg g.node', (groups) =>
        groups.map((group) => ({ title: group.querySelector('title')?.textContent, text: (group.textContent ?? '').replace(/\s+/g, ' ') })),
      );
      expect(nodes.map((node) => node.title).sort()).to.deep.equal(['k', 'key', 'team.key', 'web']);
      expect(nodes.find((node) => node.title === 'k')?.text).to.include('k[*] × 2990');
      expect(nodes.find((node) => node.title === 'team.key')?.text).to.include('team[*].key[*] × 6');
      expect(await tab.$$eval('.graph svg g.cluster title', (titles) => titles.map((title) => title.textContent))).to.deep.equal([
        'cluster_team',
      ]);
      expect(await tab.$eval('.graph svg g#node-k a', (link) => link.getAttribute('xlink:href') ?? link.getAttribute('href'))).to.equal(
        '#block-k',
      );

      // The list: k one closed entry; opened, its instances in closed pages of 100.
      const block = tab.locator('details.block[data-block="k"]');
      expect(await block.getAttribute('data-instances')).to.equal('2990');
      expect(await block.locator('tr[data-address]').count()).to.equal(2990);
      expect(await block.locator('details.page').count()).to.equal(30);
      expect(await block.locator('tr[data-address="k[0]"]').isVisible()).to.equal(false);
      await block.locator(':scope > summary').click();
      await block.locator('details.page').first().locator('summary').click();
      expect(await block.locator('tr[data-address="k[0]"]').isVisible()).to.equal(true);
      expect(await block.locator('tr[data-address="k[0]"]').innerText()).to.include('"k-0"');
      expect(await block.locator('tr[data-address="k[100]"]').isVisible()).to.equal(false);
      expect(
        await tab.locator('section.module[data-module="team"] details.block[data-block="team.key"]').getAttribute('data-instances'),
      ).to.equal('6');
      await tab.close();
    } finally {
      await close();
    }
  });

  it('replace, create-before-destroy, delete and a deposed delete: four colours and four shapes in the graph, each in the legend', async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    const page = join(stack.folder, 'drawn.html');
    await writePlanHtml(page, replacesAndDeletesPlan());
    const { browser, close } = await chromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(pathToFileURL(page).href);
      // Each node's outline: its fill and its corners (x, y relative to the node's box, rounded), as the browser drew them.
      const outlines = await tab.$$eval('.graph svg g.node', (groups) =>
        groups.map((group) => {
          const polygon = group.querySelector('polygon')!;
          const box = polygon.getBBox();
          const corners = [...polygon.points].map((point) => [
            Math.round(((point.x - box.x) / box.width) * 10),
            Math.round(((point.y - box.y) / box.height) * 10),
          ]);
          return {
            title: group.querySelector('title')?.textContent,
            fill: polygon.getAttribute('fill'),
            corners: JSON.stringify(corners.slice(0, -1)),
          };
        }),
      );
      expect(outlines.map((outline) => outline.title)).to.have.members(['web', 'blue', 'old', 'blue (deposed 7001)']);
      expect(new Set(outlines.map((outline) => outline.fill)).size, 'fills').to.equal(4);
      expect(new Set(outlines.map((outline) => outline.corners)).size, 'shapes').to.equal(4);
      const legend = await tab.$$eval('#legend span[data-action]', (spans) =>
        spans.map((span) => [
          span.getAttribute('data-action'),
          span.querySelector('svg :last-child')?.getAttribute('fill'),
          (span as HTMLElement).innerText.trim(),
        ]),
      );
      expect(legend.map(([drawn]) => drawn)).to.include.members(['replace', 'create_before_destroy', 'delete', 'deposed']);
      expect(legend.find(([drawn]) => drawn === 'create_before_destroy')?.[2]).to.equal('+/- create replacement and then destroy');
      const fills = legend
        .filter(([drawn]) => ['replace', 'create_before_destroy', 'delete', 'deposed'].includes(drawn!))
        .map(([, fill]) => fill);
      expect(new Set(fills).size, 'legend fills').to.equal(4);
      expect(
        await tab.$eval('section.change[data-drawn="create_before_destroy"]', (section) => section.getAttribute('data-address')),
      ).to.equal('blue');
      await tab.close();
    } finally {
      await close();
    }
  });

  it('examples/full.yaml reads like a review page: labels fit their boxes, the summary, budget and paid orders on top, computed values folded', async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    await write(stack.folder, 'full.yaml', `${await readFile('examples/full.yaml', 'utf8')}budget:\n  max_orders_per_apply: 20\n`);
    const planned = await stack.run('plan', 'full.yaml', '--json', '--out', 'full.plan', '--html', 'full.html');
    expect(planned.code, planned.stderr).to.equal(0);
    const plan = JSON.parse(planned.stdout);
    const types = new Set(plan.changes.map((change: { type: string }) => change.type));
    expect(types).to.include('cloud_baremetal_additional_ip_assignment');
    const { browser, close } = await chromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(pathToFileURL(join(stack.folder, 'full.html')).href);

      // Every node's label lines against its shape, in the SVG's own units (the same <g>).
      const nodes = await tab.$$eval('.graph svg g.node', (groups) =>
        groups.map((group) => {
          const shape = group.querySelector('polygon, ellipse, path') as SVGGraphicsElement;
          const box = shape.getBBox();
          return {
            title: group.querySelector('title')?.textContent ?? '',
            box: { left: box.x, right: box.x + box.width },
            labels: [...group.querySelectorAll('text')].map((text) => {
              const bounds = (text as SVGTextElement).getBBox();
              return { text: text.textContent ?? '', left: bounds.x, right: bounds.x + bounds.width };
            }),
          };
        }),
      );
      expect(nodes.map((node) => node.title)).to.include.members(['db_ip_on_db', 'metal_key']);
      for (const node of nodes)
        for (const label of node.labels)
          expect(
            label.left >= node.box.left && label.right <= node.box.right,
            `${node.title}: "${label.text}" spans ${label.left.toFixed(1)}..${label.right.toFixed(1)}, its box ${node.box.left.toFixed(1)}..${node.box.right.toFixed(1)}`,
          ).to.equal(true);

      // The summary, cost, budget and paid orders come before the graph and the changes.
      // (No named function inside: the test's compiler would wrap it in a helper the page lacks.)
      const selectors = {
        summary: '#summary',
        cost: '#cost-summary',
        budget: '#budget',
        paid: '#paid-orders',
        graph: '.graph',
        changes: 'section.change',
      };
      const tops = await tab.evaluate(
        (wanted) =>
          Object.entries(wanted).map(([part, selector]) => [part, document.querySelector(selector)?.getBoundingClientRect().top ?? -1]),
        selectors,
      );
      const order = Object.fromEntries(tops) as Record<keyof typeof selectors, number>;
      for (const part of ['summary', 'cost', 'budget', 'paid'] as const) {
        expect(order[part], part).to.be.greaterThan(0);
        expect(order[part], part).to.be.lessThan(order.graph);
      }
      expect(order.graph).to.be.lessThan(order.changes);
      // One row per block that places paid orders: web[0] and web[1] are one row, web[*] × 2.
      const paidRows = await tab.$$eval('#paid-orders tr[data-block]', (rows) =>
        rows.map((row) => [row.getAttribute('data-block'), (row as HTMLElement).innerText.split('\t')[3]]),
      );
      const paid = plan.changes
        .filter((change: { paidOrders: number }) => change.paidOrders > 0)
        .map((change: { address: string }) => change.address.replace(/\[\d+\]$/, ''));
      expect(paidRows.map(([block]) => block)).to.deep.equal([...new Set(paid)]);
      expect(paidRows.find(([block]) => block === 'web')?.[1]).to.equal('2');

      // Values known only after apply are folded: not visible until their <details> is opened.
      const web = tab.locator('section.change[data-address="db"]');
      const visible = await web.evaluate((section) => (section as HTMLElement).innerText);
      expect(visible).to.not.include('(known after apply)');
      const folded = web.locator('details.computed');
      expect(await folded.count()).to.equal(1);
      await folded.locator('summary').click();
      expect(await web.evaluate((section) => (section as HTMLElement).innerText)).to.include('(known after apply)');
      await tab.close();
    } finally {
      await close();
    }
  });
});
