/**
 * Machine and human output of plans (issue 4): `plan --json` and
 * `show --json` follow schemas/plan.schema.json with secrets masked, and
 * the plan file holds no secret while apply still works (sensitive data
 * sources read again, redacted manifests read from the file); `show` renders
 * text; colours follow --no-color, NO_COLOR and FORCE_COLOR; `graph` prints
 * DOT; data sources known only after apply are read during apply.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, savedPlanText, simulatorHeaders, startCloud, tempFolder, write, writes } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const PASSWORD = 'Output1Password';
// eslint-disable-next-line no-control-regex -- the escape is what the test looks for
const ANSI = /\u001b\[[0-9;]*m/;

const MANIFEST = `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
  product: { env: TEST_PRODUCT, sensitive: true }
data:
  products: { type: cloud_lite_products }
  secret_os:
    type: cloud_lite_os_list
    properties: { product_id: "\${var.product}" }
  vpn: { type: cloud_baremetal_openvpn }
  packages:
    type: cloud_lite_change_package_options
    properties: { account_id: "\${web.id}" }
  ip:
    type: cloud_lite_ip_availability
    properties: { product_id: "\${data.products.products[0].product_id}" }
    depends_on: [web]
resources:
${liteKeypair('key', 'output-key')}${liteVm('web', 'web-output-01', { productId: '${data.products.products[0].product_id}' })}  tagged:
    type: cloud_lite_keypair
    properties: { name: "ip-\${data.ip.available}" }
outputs:
  web_id: \${web.id}
  packages: \${data.packages.raw}
  ip_available: \${data.ip.available}
  vpn: \${data.vpn.config}
  first_os: \${data.secret_os.oss[0].name}
`;

describe('integration: plan output (JSON, show, colour, graph) and secrets in plan files', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let folder: string;
  let env: Record<string, string>;
  let vpnConfig: string;
  let validate: ReturnType<Ajv['compile']>;
  const run = (...args: string[]) => cli(args, { cwd: folder, env });

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.2 });
    folder = await tempFolder();
    env = { CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: PASSWORD, TEST_PRODUCT: '1547' };
    await write(folder, 'stack.yaml', MANIFEST);
    const vpn = (await fetch(`${cloud.url}/baremetals/openvpn`, { headers: simulatorHeaders() }).then((response) => response.json())) as {
      data: { config: string };
    };
    vpnConfig = vpn.data.config;
    const schema = JSON.parse(await readFile('schemas/plan.schema.json', 'utf8'));
    validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  });
  after(async () => {
    await cloud?.close();
  });

  it('plan --json prints the plan document and nothing else, valid against the schema, secrets masked', async () => {
    const result = await run('plan', 'stack.yaml', '--json');
    expect(result.code, result.stderr).to.equal(0);
    const document = JSON.parse(result.stdout);
    expect(validate(document), JSON.stringify(validate.errors)).to.equal(true);
    expect(document.mode).to.equal('apply');
    expect(document.changes.map((change: any) => `${change.action} ${change.address}`)).to.deep.equal([
      'create key',
      'create web',
      'read data.packages',
      'read data.ip',
      'create tagged',
    ]);
    const web = document.changes.find((change: any) => change.address === 'web');
    expect(web.attributes.find((attribute: any) => attribute.name === 'console_password')).to.deep.include({
      after: '(sensitive)',
      sensitive: true,
    });
    expect(document.data_sources['data.vpn'].config).to.equal('(sensitive)');
    expect(document.sensitive_data_sources).to.deep.equal(['data.secret_os', 'data.vpn']);
    expect(document.data_sources['data.secret_os'].product_id).to.equal('(sensitive)');
    expect(document.outputs.vpn).to.deep.include({ value: '(sensitive)', sensitive: true });
    expect(result.stdout).to.not.include(PASSWORD);
    expect(result.stdout).to.not.include(vpnConfig);
  });

  it('the saved plan holds no secret; show renders it as plan did; show --json prints it, valid', async () => {
    const plan = await run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    const saved = await savedPlanText(join(folder, '.cloudctl', 'last-plan.cplan'));
    expect(saved).to.not.include(PASSWORD);
    expect(saved).to.not.include(vpnConfig);
    const shown = await run('show');
    expect(shown.code, shown.stderr).to.equal(0);
    expect(plan.stdout.startsWith(shown.stdout.trimEnd())).to.equal(true);
    expect(shown.stdout).to.include('# data.packages will be read during apply');
    expect(shown.stdout).to.include('#   its inputs are known only after apply (account_id waits for web.id): read during apply');
    expect(shown.stdout).to.include('#   depends on web, which has changes to apply: read during apply');
    expect(shown.stdout).to.include('+ vpn = (sensitive)');
    const json = await run('show', '--json', join('.cloudctl', 'last-plan.cplan'));
    expect(json.code, json.stderr).to.equal(0);
    expect(validate(JSON.parse(json.stdout)), JSON.stringify(validate.errors)).to.equal(true);
    expect(json.stdout).to.not.include(PASSWORD);
  });

  it('plan --format markdown prints only the Markdown, summary first, secrets masked; show --format markdown of the saved plan says the same', async () => {
    const plan = await run('plan', 'stack.yaml', '--format', 'markdown', '--out', 'review.plan');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(
      plan.stdout.startsWith(
        '### cloudctl plan: `stack.yaml`\n\n**Plan: 3 to add, 0 to change, 0 to destroy, 0 to import. 1 paid order.**',
      ),
    ).to.equal(true);
    expect(plan.stdout).to.include('<details><summary><code>+ web</code> create <code>cloud_lite_vm</code> · 1 paid order</summary>');
    expect(plan.stdout).to.include('<details><summary><code>&lt;= data.packages</code> read during apply');
    expect(plan.stdout).to.include('+ console_password = (sensitive)');
    expect(plan.stdout).to.not.include(PASSWORD);
    expect(plan.stdout).to.not.include(vpnConfig);
    expect(plan.stdout).to.not.include('Saved the plan');
    const shown = await run('show', 'review.plan', '--format', 'markdown');
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.equal(plan.stdout);
    const both = await run('show', 'review.plan', '--format', 'markdown', '--json');
    expect(both.code).to.equal(1);
    expect(both.stderr).to.include('--json and --format markdown ask for two formats');
    const unknown = await run('show', 'review.plan', '--format', 'yaml');
    expect(unknown.code).to.not.equal(0);
    expect(unknown.stderr).to.include('Allowed choices are text, json, markdown');
  });

  it('applying the saved plan works: deferred data sources are read after the VM exists, the sensitive one is read again', async () => {
    const applied = await run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('data.packages: Read complete');
    expect(applied.stdout).to.include('data.ip: Read complete');
    expect(applied.stdout.indexOf('web: Creation complete')).to.be.lessThan(applied.stdout.indexOf('data.packages: Reading...'));
    const state = await readState(folder);
    expect(state.resources.tagged.attributes.name).to.equal('ip-true');
    expect(state.outputs.ip_available.value).to.equal(true);
    expect(JSON.parse(state.outputs.packages.value).account_id).to.equal(state.resources.web.id);
    expect(state.outputs.vpn).to.deep.equal({ value: vpnConfig, sensitive: true });
    expect(state.outputs.first_os).to.deep.equal({ value: 'ubuntu-22.04', sensitive: false });
    expect(applied.stdout).to.include('vpn = (sensitive)');
    expect(applied.stdout).to.not.include(vpnConfig);
    const again = await run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).to.equal(0);
  });

  it('a manifest with a literal secret: the plan keeps it redacted, apply reads the file and refuses it once it changed', async () => {
    const literal = MANIFEST.replace('console_password: ${var.console_password}', `console_password: ${PASSWORD}`).replace(
      'web-output-01',
      'web-output-02',
    );
    await write(folder, 'literal.yaml', literal);
    const plan = await run('plan', 'literal.yaml', '--out', 'literal.plan.json');
    expect(plan.code, plan.stderr).to.equal(0);
    const saved = JSON.parse(await savedPlanText(join(folder, 'literal.plan.json')));
    expect(saved.manifest.redacted).to.equal(true);
    expect(saved.manifest.source).to.include('console_password: "(sensitive)"');
    expect(JSON.stringify(saved)).to.not.include(PASSWORD);
    await write(folder, 'literal.yaml', `${literal}# edited\n`);
    const stale = await run('apply', 'literal.plan.json');
    expect(stale.code).to.equal(1);
    expect(stale.stderr).to.include('stale plan');
    expect(stale.stderr).to.include('literal.yaml');
    await write(folder, 'literal.yaml', literal);
    const applied = await run('apply', 'literal.plan.json');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect((await readState(folder)).resources.web.attributes.vm_name).to.equal('web-output-02');
    await write(folder, 'stack.yaml', MANIFEST.replace('web-output-01', 'web-output-02'));
  });

  it('colour: none with NO_COLOR or --no-color (even with FORCE_COLOR), ANSI escapes with FORCE_COLOR', async () => {
    await write(folder, 'stack.yaml', MANIFEST.replace('web-output-01', 'web-output-03'));
    const plain = await run('plan', 'stack.yaml');
    expect(plain.stdout).to.include('will be updated in-place');
    expect(plain.stdout).to.not.match(ANSI);
    const forced = await cli(['plan', 'stack.yaml'], { cwd: folder, env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.code, forced.stderr).to.equal(0);
    expect(forced.stdout).to.match(ANSI);
    const flag = await cli(['plan', 'stack.yaml', '--no-color'], { cwd: folder, env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(flag.stdout).to.include('will be updated in-place');
    expect(flag.stdout).to.not.match(ANSI);
    const noColor = await cli(['plan', 'stack.yaml'], { cwd: folder, env: { ...env, NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(noColor.stdout).to.not.match(ANSI);
    const shown = await cli(['show', '--no-color'], { cwd: folder, env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(shown.stdout).to.not.match(ANSI);
  });

  it('graph prints the dependency graph in DOT without calling the API', async () => {
    const before = cloud.requests().length;
    const result = await run('graph', 'stack.yaml');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout.startsWith('digraph cloudctl {')).to.equal(true);
    expect(result.stdout).to.include('"web" -> "key";');
    expect(result.stdout).to.include('"web" -> "data.products";');
    expect(result.stdout).to.include('"data.packages" -> "web";');
    expect(result.stdout).to.include('"data.ip" -> "web" [style = dashed, label = "depends_on"];');
    expect(result.stdout).to.include('"tagged" -> "data.ip";');
    expect(cloud.requests().length).to.equal(before);
  });

  it("--target, --replace and --refresh-only are refused with a saved plan; without an argument they shape a plan of the folder's manifest", async () => {
    const result = await run('apply', join('.cloudctl', 'last-plan.cplan'), '--target', 'web');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include("give them to 'cloudctl plan'");
    const planned = await run('apply', '--target', 'web');
    // This folder holds two manifest files by now: read as one manifest, which declares its blocks twice.
    expect(planned.stderr).to.match(
      /^cloudctl: no manifest given: reading this folder's 2 manifest files as one manifest \(literal\.yaml, stack\.yaml\)\n/,
    );
    expect(planned.stderr).to.not.include("give them to 'cloudctl plan'");
  });

  it('--help works on the new commands', async () => {
    for (const command of [['refresh'], ['show'], ['graph']]) {
      const result = await run(...command, '--help');
      expect(result.code, command.join(' ')).to.equal(0);
      expect(result.stdout).to.include('Usage: cloudctl');
    }
    expect((await run('plan', '--help')).stdout).to.include('--target <address>');
  });

  it('writes nothing to the API while planning, whatever the output', async () => {
    const before = cloud.requests().length;
    await run('plan', 'stack.yaml', '--json');
    await run('plan', 'stack.yaml', '--refresh-only');
    expect(writes(cloud.requests().slice(before))).to.deep.equal([]);
  });
});
