/**
 * Modules (src/manifest/expand/modules.ts): instantiation under a prefix, reference
 * rewriting, outputs, inputs as values or expressions, nesting, and the
 * diagnostics (at the module file's own file:line:col), cycles included.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { dirname, join } from 'node:path';
import { instantiateModules, loadManifest, parseManifest, type LoadedManifest } from '../../src/manifest/index.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { type Expression } from '../../src/manifest/types.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';
import { redactSource } from '../../src/plan/redact.js';

/** The manifest's source with its sensitive literals redacted. */
const redactManifestSource = (loaded: LoadedManifest) => redactSource(loaded.manifest.source, loaded.sensitiveLiterals);

/** Writes `files` (path → text) into a new temp folder and loads `main.yaml` from it. */
async function load(files: Record<string, string>, env: Record<string, string> = {}): Promise<LoadedManifest> {
  const folder = await tempFolder('cloudctl-modules-');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(folder, dirname(path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
  return loadManifest('main.yaml', { cwd: folder, env });
}

/** The `file:line:col: message` lines of a load that must fail. */
async function errorsOf(files: Record<string, string>): Promise<string[]> {
  try {
    await load(files);
  } catch (error) {
    if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error('expected the load to fail');
}

/** A reference expression's target and text, for comparisons. */
function referenceOf(expression: Expression | undefined): { root: string; name: string; text: string } {
  if (expression?.kind !== 'reference') throw new Error(`not a reference: ${JSON.stringify(expression)}`);
  const { root, name, text } = expression.reference;
  return { root, name, text };
}

/** A module: a keypair, a VM on the data source's first product, outputs. */
const WEB_MODULE = `variables:
  name: {}
  password: { sensitive: true }
  keypair_id: { default: 0 }
data:
  products: { type: cloud_lite_products }
resources:
${liteKeypair('key', '"${var.name}-key"')}${liteVm('web', '${var.name}', { productId: '${data.products.products[0].product_id}', password: 'password' })}outputs:
  id: \${web.id}
  names: { value: { vm: "\${web.vm_name}", key: "\${key.name}" } }
`;

describe('manifest modules', () => {
  it('instantiates a module twice under its prefixes, rewriting every reference and depends_on', async () => {
    const loaded = await load(
      {
        'modules/web.yaml': WEB_MODULE,
        'main.yaml': `variables:
  password: { env: PASSWORD, sensitive: true }
resources:
  a:
    module: ./modules/web.yaml
    inputs: { name: web-alpha, password: "\${var.password}" }
  b:
    module: ./modules/web.yaml
    inputs: { name: "\${module.a.id}-b", password: "\${var.password}" }
    depends_on: [a]
outputs:
  a_id: \${module.a.id}
  a_vm: \${module.a.names.vm}
`,
      },
      { PASSWORD: 'Secret1Password' },
    );
    const { resources, data } = loaded.manifest;
    expect(Object.keys(resources)).to.deep.equal(['a.key', 'a.web', 'b.key', 'b.web']);
    expect(Object.keys(data)).to.deep.equal(['a.products', 'b.products']);
    expect(data['a.products'].address).to.equal('data.a.products');
    expect(resources['a.web'].address).to.equal('a.web');
    expect(resources['a.web'].location.file).to.equal('modules/web.yaml');
    expect(referenceOf(resources['a.web'].properties.keypair_id)).to.deep.equal({
      root: 'resource',
      name: 'a.key',
      text: 'a.key.keypair_id',
    });
    expect(referenceOf(resources['b.web'].properties.product_id)).to.deep.equal({
      root: 'data',
      name: 'b.products',
      text: 'data.b.products.products[0].product_id',
    });
    // Known inputs are variables of the module instance; a sensitive one stays sensitive.
    expect(referenceOf(resources['a.web'].properties.vm_name)).to.deep.equal({ root: 'var', name: 'a.name', text: 'var.a.name' });
    expect(loaded.variables['a.name']).to.equal('web-alpha');
    expect(loaded.variables['a.password']).to.equal('Secret1Password');
    expect([...loaded.sensitiveVariables]).to.include.members(['password', 'a.password', 'b.password']);
    expect(loaded.variables['a.keypair_id']).to.equal(0);
    // An input reading another module's output is an expression substituted into the module.
    expect(resources['b.web'].properties.vm_name).to.deep.include({ kind: 'template' });
    expect(
      (resources['b.web'].properties.vm_name as { parts: unknown[] }).parts.map((part) =>
        typeof part === 'string' ? part : (part as { name: string }).name,
      ),
    ).to.deep.equal(['a.web', '-b']);
    // depends_on on the module block: every resource of b waits for every block of a.
    expect(resources['b.key'].dependsOn.map((entry) => entry.address)).to.deep.equal(['a.key', 'a.web', 'data.a.products']);
    expect(data['b.products'].dependsOn).to.deep.equal([]);
    expect(referenceOf(loaded.manifest.outputs.a_id.value)).to.deep.include({ name: 'a.web', text: 'a.web.id' });
    expect(referenceOf(loaded.manifest.outputs.a_vm.value)).to.deep.include({ name: 'a.web', text: 'a.web.vm_name' });
    expect(loaded.graph.predecessors('b.web')).to.include.members(['a.web', 'b.key', 'data.b.products']);
    expect(loaded.moduleFiles.map((file) => file.path)).to.deep.equal(['modules/web.yaml']);
  });

  it('reads <dir>/main.yaml for a directory, and nests modules (outer.inner.web) with inputs through both levels', async () => {
    const loaded = await load({
      'inner/main.yaml': `variables:\n  name: {}\n  key: {}\nresources:\n${liteVm('web', '${var.name}', { consolePassword: 'Literal1Password', keypair: 'unused' }).replace('${unused.keypair_id}', '${var.key}')}outputs:\n  id: \${web.id}\n`,
      'outer/main.yaml': `variables:\n  prefix: {}\nresources:\n${liteKeypair('key', 'outer-key')}  inner:\n    module: ../inner\n    inputs: { name: "\${var.prefix}-vm", key: "\${key.keypair_id}" }\noutputs:\n  id: \${module.inner.id}\n`,
      'main.yaml': `resources:\n  outer:\n    module: ./outer\n    inputs: { prefix: deep }\noutputs:\n  id: \${module.outer.id}\n`,
    });
    expect(Object.keys(loaded.manifest.resources).sort()).to.deep.equal(['outer.inner.web', 'outer.key']);
    const web = loaded.manifest.resources['outer.inner.web'];
    expect(web.location.file).to.equal('inner/main.yaml');
    expect(referenceOf(web.properties.vm_name)).to.deep.equal({ root: 'var', name: 'outer.inner.name', text: 'var.outer.inner.name' });
    expect(loaded.variables['outer.inner.name']).to.equal('deep-vm');
    expect(referenceOf(web.properties.keypair_id)).to.deep.equal({ root: 'resource', name: 'outer.key', text: 'outer.key.keypair_id' });
    expect(referenceOf(loaded.manifest.outputs.id.value)).to.deep.include({ name: 'outer.inner.web' });
    expect(loaded.moduleFiles.map((file) => file.path)).to.deep.equal(['outer/main.yaml', 'inner/main.yaml']);
  });

  it("reads the calling level's locals in module inputs, and refuses one not known at load rather than substitute it", async () => {
    const module =
      'variables:\n  name: {}\nlocals:\n  prefix: module-own\nresources:\n  key:\n    type: cloud_lite_keypair\n    properties:\n      name: ${var.name}\n';
    const loaded = await load({
      'keys.yaml': module,
      'main.yaml':
        'variables:\n  env: { default: prod }\nlocals:\n  prefix: "${var.env}-app"\nresources:\n  m:\n    module: ./keys.yaml\n    inputs: { name: "${local.prefix}-key" }\n',
    });
    expect(loaded.variables['m.name']).to.equal('prod-app-key');
    const errors = await errorsOf({
      'keys.yaml': module,
      'main.yaml': `locals:\n  prefix: \${root.name}\nresources:\n${liteKeypair('root', 'root-key')}  m:\n    module: ./keys.yaml\n    inputs: { name: "\${local.prefix}-key" }\n`,
    });
    expect(errors).to.deep.equal([
      'main.yaml:9:22: module "m" input "name": local.prefix is not known at load (it reads resources or data sources); pass what it reads instead',
    ]);
  });

  it('applies a path to an expression input (${var.settings.key} with settings: { key: ${key.keypair_id} })', async () => {
    const loaded = await load({
      'vm.yaml': `variables:\n  settings: {}\nresources:\n${liteVm('web', 'settings-vm', { consolePassword: 'Literal1Password', keypair: 'unused' }).replace('${unused.keypair_id}', '${var.settings.key}')}`,
      'main.yaml': `resources:\n${liteKeypair('key', 'root-key')}  m:\n    module: ./vm.yaml\n    inputs:\n      settings: { key: "\${key.keypair_id}" }\n`,
    });
    expect(referenceOf(loaded.manifest.resources['m.web'].properties.keypair_id)).to.deep.equal({
      root: 'resource',
      name: 'key',
      text: 'key.keypair_id',
    });
    expect(loaded.graph.predecessors('m.web')).to.deep.equal(['key']);
  });

  it('instantiates module blocks whose addresses are instances (cluster[0], cluster["eu"]), as repetition makes them', async () => {
    const folder = await tempFolder('cloudctl-modules-');
    await writeFile(
      join(folder, 'echo.yaml'),
      `variables:\n  name: {}\nresources:\n${liteKeypair('key', '"${var.name}"')}outputs:\n  id: \${key.id}\n`,
    );
    const source = `resources:\n  cluster:\n    module: ./echo.yaml\n    inputs: { name: echo-key }\n${liteKeypair('after', 'after-key', '    depends_on: [cluster]\n')}outputs:\n  first: \${module.cluster[0].id}\n  eu: \${module.cluster["eu"].id}\n`;
    const { manifest } = parseManifest(source, 'main.yaml');
    const block = manifest.modules!.cluster;
    manifest.modules = { 'cluster[0]': { ...block, address: 'cluster[0]' }, 'cluster["eu"]': { ...block, address: 'cluster["eu"]' } };
    const result = instantiateModules(manifest, {}, new Set(), { cwd: folder, env: {}, workspace: 'default' });
    expect(result.diagnostics).to.deep.equal([]);
    expect(Object.keys(manifest.resources)).to.deep.equal(['after', 'cluster[0].key', 'cluster["eu"].key']);
    expect(result.variables).to.deep.equal({ 'cluster[0].name': 'echo-key', 'cluster["eu"].name': 'echo-key' });
    expect(referenceOf(manifest.outputs.first.value)).to.deep.include({ name: 'cluster[0].key', text: 'cluster[0].key.id' });
    expect(referenceOf(manifest.outputs.eu.value)).to.deep.include({ name: 'cluster["eu"].key' });
    expect(manifest.resources.after.dependsOn.map((entry) => entry.address)).to.deep.equal(['cluster[0].key', 'cluster["eu"].key']);
  });

  it('keeps a literal given to a sensitive module variable out of the copy of the source a plan keeps', async () => {
    const loaded = await load({
      'web.yaml': WEB_MODULE,
      'main.yaml': 'resources:\n  a:\n    module: ./web.yaml\n    inputs: { name: web-alpha, password: Secret1Password }\n',
    });
    expect(loaded.sensitiveVariables.has('a.password')).to.equal(true);
    const redacted = redactManifestSource(loaded);
    expect(redacted.redacted).to.equal(true);
    expect(redacted.source).to.not.include('Secret1Password');
    expect(redacted.source).to.include('name: web-alpha');
  });

  const cases: Array<{ title: string; files: Record<string, string>; errors: string[] }> = [
    {
      title: 'an unknown input (with a suggestion, at its key) and a missing one (at the module block)',
      files: {
        'web.yaml': WEB_MODULE,
        'main.yaml': 'resources:\n  a:\n    module: ./web.yaml\n    inputs: { nmae: web-alpha, password: Secret1Password }\n',
      },
      errors: [
        'main.yaml:2:3: module "a" (web.yaml): missing input "name" (the variable has no default)',
        'main.yaml:4:15: module "a" (web.yaml) has no variable "nmae"; did you mean "name"?',
      ],
    },
    {
      title: 'a bad value inside the module, at the module file; provider: in a module',
      files: {
        'web.yaml': `provider: { poll_interval: 2 }\n${WEB_MODULE}`,
        'main.yaml': 'resources:\n  a:\n    module: ./web.yaml\n    inputs: { name: abc, password: Secret1Password }\n',
      },
      errors: ['web.yaml:1:1: web.yaml: a module cannot have "provider:"; the root manifest\'s applies to every module'],
    },
    {
      title: 'a value a known input makes invalid, at the module file',
      files: {
        'web.yaml': WEB_MODULE,
        'main.yaml': 'resources:\n  a:\n    module: ./web.yaml\n    inputs: { name: abc, password: Secret1Password }\n',
      },
      errors: ['web.yaml:20:7: resources.web.vm_name: must be 6 to 16 characters long, got 3'],
    },
    {
      title: 'an unknown module, an unknown output (with a suggestion), a module read like a resource',
      files: {
        'web.yaml': WEB_MODULE,
        'main.yaml':
          'resources:\n  a:\n    module: ./web.yaml\n    inputs: { name: web-alpha, password: Secret1Password }\noutputs:\n  x: ${module.b.id}\n  y: ${module.a.ids}\n  z: ${a.web.id}\n',
      },
      errors: [
        'main.yaml:6:6: unknown reference "${module.b.id}": no module "b" is declared',
        'main.yaml:7:6: unknown reference "${module.a.ids}": module "a" has no output "ids"; did you mean "id"?',
        'main.yaml:8:6: invalid reference "${a.web.id}": "a" is a module; read its outputs as ${module.a.OUTPUT}',
      ],
    },
    {
      title: 'a bad value a module output gives a block of the manifest, before any API call',
      files: {
        'echo.yaml': 'variables:\n  x: {}\noutputs:\n  x: ${var.x}\n',
        'main.yaml': `resources:\n  a:\n    module: ./echo.yaml\n    inputs: { x: abc }\n${liteKeypair('key', 'some-key')}${liteVm('web', '${module.a.x}', { consolePassword: 'Literal1Password' })}`,
      },
      errors: ['main.yaml:17:7: resources.web.vm_name: must be 6 to 16 characters long, got 3'],
    },
    {
      title: 'a missing file, a directory without main.yaml, a device',
      files: {
        'empty/readme.txt': 'nothing here',
        'main.yaml': 'resources:\n  a:\n    module: ./nope.yaml\n  b:\n    module: ./empty\n  c:\n    module: /dev/zero\n',
      },
      errors: [
        'main.yaml:3:13: module "a": cannot read "./nope.yaml": no such file',
        'main.yaml:5:13: module "b": cannot read "./empty": the directory has no main.yaml',
        'main.yaml:7:13: module "c": cannot read "/dev/zero": it is not a regular file',
      ],
    },
    {
      title: 'a module that includes itself, through another',
      files: {
        'one.yaml': 'resources:\n  two:\n    module: ./two.yaml\n',
        'two.yaml': 'resources:\n  one:\n    module: ./one.yaml\n',
        'main.yaml': 'resources:\n  top:\n    module: ./one.yaml\n',
      },
      errors: ['two.yaml:3:13: module cycle: "./one.yaml" includes itself (one.yaml)'],
    },
    {
      title: "module blocks whose inputs read each other's outputs",
      files: {
        'echo.yaml': 'variables:\n  x: {}\noutputs:\n  x: ${var.x}\n',
        'main.yaml':
          'resources:\n  a:\n    module: ./echo.yaml\n    inputs: { x: "${module.b.x}" }\n  b:\n    module: ./echo.yaml\n    inputs: { x: "${module.a.x}" }\n',
      },
      errors: ["main.yaml:7:19: module cycle: modules a, b read each other's outputs in their inputs"],
    },
    {
      title: 'an input referring to an undeclared resource; depends_on an unknown address in a module block',
      files: {
        'echo.yaml': 'variables:\n  x: {}\noutputs:\n  x: ${var.x}\n',
        'main.yaml': 'resources:\n  a:\n    module: ./echo.yaml\n    inputs: { x: "${kye.id}" }\n    depends_on: [nope]\n',
      },
      errors: [
        'main.yaml:4:19: unknown reference "${kye.id}": no resource "kye" is declared',
        'main.yaml:5:18: unknown depends_on target "nope" in module "a": nothing named "nope" is declared',
      ],
    },
  ];
  for (const { title, files, errors } of cases) {
    it(`reports ${title}`, async () => {
      expect(await errorsOf(files)).to.deep.equal(errors);
    });
  }

  describe('count and for_each on module blocks', () => {
    const ECHO = `variables:\n  name: {}\nresources:\n${liteKeypair('key', '"${var.name}"')}outputs:\n  id: \${key.id}\n`;

    it('instantiates a for_each module block once per key, with its outputs by key and as a splat, depends_on covering every instance', async () => {
      const loaded = await load({
        'echo.yaml': ECHO,
        'main.yaml': `variables:\n  regions: { default: { us: nyc1, eu: fra1 } }\nresources:\n  cluster:\n    module: ./echo.yaml\n    for_each: \${var.regions}\n    inputs: { name: "key-\${each.key}-\${each.value}" }\n${liteKeypair('after', 'after-key', '    depends_on: [cluster]\n')}outputs:\n  eu: \${module.cluster["eu"].id}\n  all: \${module.cluster[*].id}\n`,
      });
      const { manifest } = loaded;
      expect(Object.keys(manifest.resources)).to.deep.equal(['after', 'cluster["eu"].key', 'cluster["us"].key']);
      expect(loaded.variables).to.deep.include({ 'cluster["eu"].name': 'key-eu-fra1', 'cluster["us"].name': 'key-us-nyc1' });
      expect(referenceOf(manifest.outputs.eu.value)).to.deep.equal({
        root: 'resource',
        name: 'cluster["eu"].key',
        text: 'cluster["eu"].key.id',
      });
      const all = manifest.outputs.all.value;
      expect(all.kind === 'list' && all.items.map((item) => referenceOf(item).text)).to.deep.equal([
        'cluster["eu"].key.id',
        'cluster["us"].key.id',
      ]);
      expect(manifest.resources.after.dependsOn.map((entry) => entry.address)).to.deep.equal(['cluster["eu"].key', 'cluster["us"].key']);
      expect(loaded.graph.predecessors('after')).to.deep.equal(['cluster["eu"].key', 'cluster["us"].key']);
      expect(manifest.repetitions).to.deep.equal({ cluster: { kind: 'for_each', keys: ['eu', 'us'] } });
    });

    it('instantiates a count module block at cluster[0], cluster[1] with ${count.index} in its inputs', async () => {
      const loaded = await load({
        'echo.yaml': ECHO,
        'main.yaml': `resources:\n  cluster:\n    module: ./echo.yaml\n    count: 2\n    inputs: { name: "key-\${count.index}" }\noutputs:\n  second: \${module.cluster[1].id}\n`,
      });
      expect(Object.keys(loaded.manifest.resources)).to.deep.equal(['cluster[0].key', 'cluster[1].key']);
      expect(loaded.variables).to.deep.equal({ 'cluster[0].name': 'key-0', 'cluster[1].name': 'key-1' });
      expect(referenceOf(loaded.manifest.outputs.second.value).name).to.equal('cluster[1].key');
    });

    it('expands count inside a module file under the prefix, keeping the instance key in references and messages', async () => {
      const module = (index: number) =>
        `resources:\n  key:\n    type: cloud_lite_keypair\n    count: 2\n    properties: { name: "k-\${count.index}" }\noutputs:\n  second: \${key[${index}].keypair_id}\n`;
      const main = 'resources:\n  a:\n    module: ./keys.yaml\noutputs:\n  x: ${module.a.second}\n';
      const loaded = await load({ 'keys.yaml': module(1), 'main.yaml': main });
      expect(Object.keys(loaded.manifest.resources)).to.deep.equal(['a.key[0]', 'a.key[1]']);
      expect(referenceOf(loaded.manifest.outputs.x.value)).to.deep.equal({ root: 'resource', name: 'a.key', text: 'a.key[1].keypair_id' });
      expect(await errorsOf({ 'keys.yaml': module(5), 'main.yaml': main })).to.deep.equal([
        'keys.yaml:7:11: "${a.key[5].keypair_id}": a.key has no instance [5] (count is 2)',
      ]);
    });

    it('nests repeated module blocks (top[1].inner["b"].key) and reads a count of 0 as no instance', async () => {
      const loaded = await load({
        'echo.yaml': ECHO,
        'outer.yaml':
          'resources:\n  inner:\n    module: ./echo.yaml\n    for_each: [a, b]\n    inputs: { name: "kk-${each.key}" }\noutputs:\n  ids: ${module.inner[*].id}\n',
        'main.yaml': `resources:\n  top:\n    module: ./outer.yaml\n    count: 2\n  none:\n    module: ./echo.yaml\n    count: 0\n    inputs: { name: x }\n${liteKeypair('after', 'after-key', '    depends_on: [none]\n')}outputs:\n  ids: \${module.top[1].ids}\n  none: \${module.none[*].id}\n`,
      });
      expect(Object.keys(loaded.manifest.resources)).to.deep.equal([
        'after',
        'top[0].inner["a"].key',
        'top[0].inner["b"].key',
        'top[1].inner["a"].key',
        'top[1].inner["b"].key',
      ]);
      const { ids, none } = loaded.manifest.outputs;
      expect(ids.value.kind === 'list' && ids.value.items.map((item) => referenceOf(item).text)).to.deep.equal([
        'top[1].inner["a"].key.id',
        'top[1].inner["b"].key.id',
      ]);
      expect(none.value).to.deep.include({ kind: 'list', items: [] });
      expect(loaded.manifest.resources.after.dependsOn).to.deep.equal([]);
    });

    const misuse: Array<{ title: string; main: string; errors: string[] }> = [
      {
        title: 'both count and for_each; a negative count',
        main: 'resources:\n  a:\n    module: ./echo.yaml\n    count: 1\n    for_each: [x]\n    inputs: { name: abc-key }\n  b:\n    module: ./echo.yaml\n    count: -1\n    inputs: { name: abc-key }\n',
        errors: [
          'main.yaml:5:5: resources.a: "count" and "for_each" cannot both be given; use one',
          'main.yaml:9:12: resources.b.count: expected a whole number of 0 or more, got -1',
        ],
      },
      {
        title: 'for_each keys known only while planning; ${each.key} in a block without for_each',
        main: `resources:\n${liteKeypair('web', 'web-key')}  a:\n    module: ./echo.yaml\n    for_each: \${web.name}\n    inputs: { name: abc-key }\n  b:\n    module: ./echo.yaml\n    inputs: { name: "\${each.key}" }\n`,
        errors: [
          'main.yaml:7:15: for_each keys must be known at plan time: "${web.name}" is known only once web is read or created; use literals or variables',
          'main.yaml:11:22: "${each.key}" is only available inside a block with for_each: b has no for_each',
        ],
      },
      {
        title: 'a repeated module read without an instance key, with a missing key, with an index',
        main: 'resources:\n  a:\n    module: ./echo.yaml\n    for_each: [eu]\n    inputs: { name: "key-${each.key}" }\noutputs:\n  x: ${module.a.id}\n  y: ${module.a["us"].id}\n  z: ${module.a[0].id}\n',
        errors: [
          'main.yaml:7:6: "${module.a.id}": module a has for_each; read one instance\'s output as "${module.a["key"].id}" or every instance\'s as "${module.a[*].id}"',
          'main.yaml:8:6: "${module.a["us"].id}": module a has for_each and no instance ["us"] (for_each keys: "eu")',
          'main.yaml:9:6: "${module.a[0].id}": module a has for_each, so its instances take a quoted key like ["eu"]',
        ],
      },
    ];
    for (const { title, main, errors } of misuse) {
      it(`reports ${title}`, async () => {
        expect(await errorsOf({ 'echo.yaml': ECHO, 'main.yaml': main })).to.deep.equal(errors);
      });
    }
  });

  it('reads file() in a module relative to the module file, and keeps its hash by its path from the root manifest', async () => {
    const module = (path: string) => `resources:\n${liteKeypair('key', 'module-key')}outputs:\n  public: \${file("${path}")}\n`;
    const loaded = await load({
      'modules/key.pub': 'ssh-ed25519 AAAA module\n',
      'key.pub': 'ssh-ed25519 AAAA root\n',
      'modules/web.yaml': module('key.pub'),
      'main.yaml': 'resources:\n  a:\n    module: ./modules/web.yaml\noutputs:\n  public: ${module.a.public}\n',
    });
    const output = loaded.manifest.outputs.public.value;
    expect(output.kind === 'call' && output.fileText).to.equal('ssh-ed25519 AAAA module\n');
    expect(Object.keys(loaded.files ?? {})).to.deep.equal(['modules/key.pub']);
    expect(
      await errorsOf({ 'modules/web.yaml': module('nope.pub'), 'main.yaml': 'resources:\n  a:\n    module: ./modules/web.yaml\n' }),
    ).to.deep.equal([`modules/web.yaml:6:13: file("nope.pub"): no such file (paths are relative to the manifest's folder)`]);
  });

  it('finds a dependency cycle that runs through a module (root resource → module output → input → root resource)', async () => {
    const errors = await errorsOf({
      'echo.yaml': `variables:\n  key: {}\nresources:\n${liteKeypair('inner', '"${var.key}"')}outputs:\n  name: \${inner.name}\n`,
      'main.yaml': `resources:\n${liteKeypair('outer', '"${module.m.name}"')}  m:\n    module: ./echo.yaml\n    inputs: { key: "\${outer.name}" }\n`,
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/dependency cycle: (m\.inner -> outer -> m\.inner|outer -> m\.inner -> outer)/);
  });

  it('finds a cycle through a module whose blocks repeat, once, after the plan graph is built (no expansion loops on it)', async () => {
    const errors = await errorsOf({
      'echo.yaml': `variables:\n  key: {}\nresources:\n${liteKeypair('inner', '"${var.key}"')}    count: 2\noutputs:\n  name: \${inner[0].name}\n`,
      'main.yaml': `resources:\n${liteKeypair('outer', '"${module.m.name}"')}  m:\n    module: ./echo.yaml\n    inputs: { key: "\${outer.name}" }\n`,
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/dependency cycle: .*outer/);
  });

  it("builds the graph the plan walks once: the blocks' graph when no module or repetition changes them", async () => {
    const plain = await load({ 'main.yaml': `resources:\n${liteKeypair('a', 'one')}${liteKeypair('b', '"${a.name}"')}` });
    expect(plain.graph.nodes()).to.include.members(['a', 'b']);
    const repeated = await load({ 'main.yaml': `resources:\n${liteKeypair('a', 'one')}    count: 2\n` });
    expect(repeated.graph.nodes()).to.include.members(['a[0]', 'a[1]']);
    expect(repeated.graph.nodes()).to.not.include('a');
  });
});
