/**
 * Variables from the command line and functions, through `cli()` (issue 12):
 * `--var` and `--var-file` feed `plan`, `validate` and `apply`; a value the
 * variable refuses, an unknown `--var` name, a missing `file()` stop the run
 * before any API call; a saved plan is applied with the values it was made
 * with; a sensitive variable given with `--var` reaches no output and no
 * file (the state is encrypted here, so no file may hold it at all).
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { cli, filesUnder, write, useStack } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';
import { readPlanFile } from '../../src/plan/index.js';

const SECRET = 'Vx9SecretFromVarFlag';
const PASSPHRASE = 'a passphrase for the variables test';

const manifest = `variables:
  console_password: { sensitive: true, type: string, validation: { pattern: "[A-Za-z0-9]{12,}", message: "use 12 letters or digits" } }
  prefix: { type: string, default: web, validation: { pattern: "[a-z]+", message: "lower-case letters only" } }
  index: { type: number, default: 1 }
  zones: { type: list, default: [eu] }
resources:
${liteKeypair('key', '"${lower(var.prefix)}-key"')}${liteVm('web', `'\${format("%s-%d-%s", var.prefix, var.index, join(".", var.zones))}'`)}outputs:
  name: \${web.vm_name}
  zones: \${length(var.zones)}
`;

describe('integration: variables from the command line, and functions', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest, prefix: 'cloudctl-variables-', env: { CLOUDCTL_STATE_PASSPHRASE: PASSPHRASE } });
  const seen: string[] = [];
  let extraEnv: Record<string, string> = {};
  const run = async (...args: string[]) => {
    const result = await cli(args, { cwd: stack.folder, env: { ...stack.env, ...extraEnv } });
    seen.push(result.stdout, result.stderr);
    return result;
  };
  /** Runs `args` and expects exit 1 with no API call at all. */
  const refused = async (...args: string[]) => {
    const before = stack.cloud.requests().length;
    const result = await run(...args);
    expect(result.code, result.stdout + result.stderr).to.equal(1);
    expect(stack.cloud.requests().length, 'API calls').to.equal(before);
    return result.stderr;
  };

  before(async () => {
    await write(stack.folder, 'prod.yaml', 'prefix: prod\nzones: [eu, us]\n');
    await write(stack.folder, 'later.yaml', 'index: 3\n');
    await write(stack.folder, 'bad.yaml', 'index: 2\nprefix: Prod\n');
    await write(stack.folder, 'typo.yaml', 'prefx: x\n');
  });

  it('plans with --var-file (a later file wins) and --var over them', async () => {
    const result = await run(
      'plan',
      'stack.yaml',
      '--var-file',
      'prod.yaml',
      '--var-file',
      'later.yaml',
      '--var',
      `console_password=${SECRET}`,
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('"prod-3-eu.us"');
    expect(result.stdout).to.include('"prod-key"');
    const over = await run('plan', 'stack.yaml', '--var-file', 'prod.yaml', '--var', 'prefix=db', '--var', `console_password=${SECRET}`);
    expect(over.stdout).to.include('"db-1-eu.us"');
  });

  it('reads CLOUDCTL_VAR_<name>, below --var', async () => {
    extraEnv = { CLOUDCTL_VAR_prefix: 'envy', CLOUDCTL_VAR_zones: '[ap]', CLOUDCTL_VAR_console_password: SECRET };
    try {
      const fromEnv = await run('plan', 'stack.yaml');
      expect(fromEnv.stdout, fromEnv.stderr).to.include('"envy-1-ap"');
      expect((await run('plan', 'stack.yaml', '--var', 'index=4')).stdout).to.include('"envy-4-ap"');
    } finally {
      extraEnv = {};
    }
  });

  it('refuses bad values before any API call, at their source', async () => {
    const password = `--var=console_password=${SECRET}`;
    expect(await refused('plan', 'stack.yaml', password, '--var-file', 'bad.yaml')).to.include(
      'bad.yaml:2:9: variable "prefix": "Prod" from the var file is refused: lower-case letters only',
    );
    expect(await refused('plan', 'stack.yaml', password, '--var', 'index=three')).to.include(
      'stack.yaml:4:3: variable "index" expects a number: --var index is "three"',
    );
    expect(await refused('plan', 'stack.yaml', password, '--var', 'prefx=db')).to.include(
      '--var prefx: no variable "prefx" is declared in stack.yaml; did you mean "prefix"?',
    );
    expect(await refused('validate', 'stack.yaml', password, '--var-file', 'typo.yaml')).to.include(
      'typo.yaml:1:1: no variable "prefx" is declared in stack.yaml; did you mean "prefix"?',
    );
    const short = await refused('apply', 'stack.yaml', '--auto-approve', '--var', 'console_password=Short1');
    expect(short).to.include('variable "console_password": the value from --var console_password is refused: use 12 letters or digits');
    expect(short).to.not.include('Short1');
    expect(await refused('plan', 'stack.yaml', password, '--var-file', 'missing.yaml')).to.include(
      'cannot read var file "missing.yaml": no such file',
    );
  });

  it('applies a saved plan with the values it was made with; the sensitive one is given again and never shown', async () => {
    const planned = await run('plan', 'stack.yaml', '--var', 'prefix=saved', '--var', `console_password=${SECRET}`, '--out', 'saved.json');
    expect(planned.code, planned.stderr).to.equal(0);
    expect(await run('plan', 'stack.yaml', '--var', `console_password=${SECRET}`, '--json').then((result) => result.code)).to.equal(0);
    const html = await run('plan', 'stack.yaml', '--var', `console_password=${SECRET}`, '--html', 'plan.html', '--out', 'other.json');
    expect(html.code, html.stderr).to.equal(0);
    const saved = await readPlanFile(join(stack.folder, 'saved.json'));
    expect(saved.variables).to.deep.equal({ prefix: 'saved', index: 1, zones: ['eu'] });

    expect(await refused('apply', 'saved.json')).to.include(
      'variable "console_password" has no value: it is sensitive, so the saved plan does not keep it; give it again when applying',
    );
    expect(await refused('apply', 'saved.json', '--var', 'prefix=other', '--var', `console_password=${SECRET}`)).to.include(
      `variable "prefix": the saved plan was made with "saved", but --var prefix gives "other"; run 'cloudctl plan' again to use it`,
    );
    const applied = await run('apply', 'saved.json', '--var', `console_password=${SECRET}`);
    expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
    expect(applied.stdout).to.include('name = "saved-1-eu"');
    expect(applied.stdout).to.include('zones = 1');

    for (const text of seen) expect(text).to.not.include(SECRET);
    for (const file of await filesUnder(stack.folder)) expect(file.text, file.path).to.not.include(SECRET);
  });

  it('refuses a saved plan whose file() changed since, before any API call', async () => {
    await write(stack.folder, 'motd.txt', 'first');
    await write(stack.folder, 'filed.yaml', 'resources:\n' + liteKeypair('motd', '"${file(\\"motd.txt\\")}-key"'));
    const planned = await run('plan', 'filed.yaml', '--out', 'filed.json');
    expect(planned.code, planned.stderr).to.equal(0);
    expect(planned.stdout).to.include('"first-key"');
    const saved = await readPlanFile(join(stack.folder, 'filed.json'));
    expect(Object.keys(saved.manifest.files ?? {})).to.deep.equal(['motd.txt']);
    await write(stack.folder, 'motd.txt', 'second');
    expect(await refused('apply', 'filed.json')).to.include(
      "stale plan: motd.txt, which the manifest reads with file(), changed since the plan was made; run 'cloudctl plan' again",
    );
  });
});
