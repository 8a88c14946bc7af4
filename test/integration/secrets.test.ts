/**
 * Secrets (issue 5): known secret values (console passwords, the cloud-init
 * password the API echoes, a generated private key, the API token) never
 * appear in any byte of output, the saved plan, the journal, or any other
 * file cloudctl writes, through plan, apply, state show, output, import and
 * failing calls (the simulator answering 422 with the request body echoed,
 * password included). The state file, which necessarily holds the secrets
 * (unless encrypted), is mode 0600, keeps `raw` masked and never the token.
 * With CLOUDCTL_STATE_PASSPHRASE the state file holds no secret either.
 *
 * Sensitivity follows the value (issue 16.4): a sensitive variable put in a
 * non-secret attribute (`web.description`), then referenced by another
 * resource (`note_key.name`) and by outputs, stays masked in plan,
 * `plan --json`, `show`, `show --json`, the saved plan, apply, `output`,
 * `output --json`, `state show`, the journal, and API errors that echo it.
 */
import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, cliEnvironment, filesUnder, readState, startCloud, tempFolder, write, type CliResult } from './helpers.js';
import { Engine } from '../../src/engine/engine.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const TOKEN = 'tok-7f3a9c41e8b2d6052ab9';
const PASSWORD = 'Zq8Secret1Console';
const OUTSIDE_PASSWORD = 'Outs1dePassw0rdXy';
const REJECTED_PASSWORD = 'Rej3ctedPassw0rd';
const PASSPHRASE = 'correct horse battery staple';
const NOTE = 'N0teSecretThroughDescription';

const manifest = (extra = '') => `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
  second_password: { env: TEST_SECOND_PASSWORD, sensitive: true }
  note: { env: TEST_NOTE, sensitive: true }
data:
  products: { type: cloud_lite_products }
resources:
${liteKeypair('key', 'secret-key')}${liteVm('web', 'web-secret-01', { productId: '${data.products.products[0].product_id}', properties: '      description: ${var.note}\n' })}  note_key:
    type: cloud_lite_keypair
    properties: { name: "copy-\${web.description}" }
${extra}outputs:
  web_id: \${web.id}
  description: \${web.description}
  note_key_name: \${note_key.name}
  note_key_id: \${note_key.id}
  private_key: \${key.private_key}
  cipassword: \${web.cipassword}
  password_again: { value: "\${var.console_password}", sensitive: true }
`;

const second = liteVm('web2', 'web-secret-02', { password: 'second_password', properties: '      description: ${web.description}\n' });

describe('integration: secrets never leak', function () {
  this.timeout(180_000);
  let cloud: RunningSimulator;
  let folder: string;
  const outputs: Array<{ what: string; text: string }> = [];
  let env: Record<string, string>;

  const run = async (what: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> => {
    const result = await cli(args, { cwd: folder, env: { ...env, ...extraEnv } });
    outputs.push({ what, text: result.stdout + result.stderr });
    return result;
  };

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.2, token: TOKEN });
    folder = await tempFolder('cloudctl-secrets-');
    env = {
      CLOUDCTL_BASE_URL: cloud.url,
      CLOUDCTL_API_KEY: TOKEN,
      TEST_CONSOLE_PASSWORD: PASSWORD,
      TEST_SECOND_PASSWORD: REJECTED_PASSWORD,
      TEST_NOTE: NOTE,
      CLOUDCTL_RECONCILE_GRACE: '0.2s',
    };
    await write(folder, 'stack.yaml', manifest());
  });
  after(async () => {
    await cloud?.close();
  });

  it('plan, apply of the saved plan, state show, output, import and failing calls print no secret, and no file but the state holds one', async () => {
    const planJson = await run('plan --json', ['plan', 'stack.yaml', '--json']);
    expect(planJson.code, planJson.stderr).to.equal(0);
    const planned = JSON.parse(planJson.stdout);
    expect(planned.outputs.description).to.deep.include({ sensitive: true });
    expect(
      planned.changes
        .find((change: { address: string }) => change.address === 'note_key')
        .attributes.find((attribute: { name: string }) => attribute.name === 'name'),
    ).to.deep.include({ after: '(sensitive)', sensitive: true });
    const plan = await run('plan', ['plan', 'stack.yaml']);
    expect(plan.code, plan.stderr).to.equal(0);
    expect((await run('show', ['show'])).code).to.equal(0);
    expect((await run('show --json', ['show', '--json'])).code).to.equal(0);
    const applied = await run('apply (saved plan)', ['apply']);
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.match(/^description = \(sensitive\)$/m);
    expect(applied.stdout).to.match(/^note_key_name = \(sensitive\)$/m);
    const state = await readState(folder);
    expect(state.resources.web.attributes.description, 'the secret reached the API as the description').to.equal(NOTE);
    expect(state.resources.web.sensitive_attributes).to.deep.equal(['description']);
    expect(state.resources.note_key.attributes.name).to.equal(`copy-${NOTE}`);
    // The simulator writes the keypair's name as its public key's comment: the secret is echoed there too.
    expect(state.resources.note_key.sensitive_attributes).to.deep.equal(['name', 'public_key']);
    expect(state.outputs.description).to.deep.equal({ value: NOTE, sensitive: true });
    expect(state.outputs.note_key_name.sensitive).to.equal(true);
    expect(state.outputs.note_key_id.sensitive, 'what does not come from a secret stays in clear').to.equal(false);
    const privateKey = String(state.resources.key.attributes.private_key);
    expect(privateKey).to.include('PRIVATE KEY');
    expect(state.resources.web.attributes.cipassword, 'the API echoes the password as cipassword').to.equal(PASSWORD);

    for (const address of ['web', 'key', 'note_key']) {
      const shown = await run(`state show ${address}`, ['state', 'show', address]);
      expect(shown.code).to.equal(0);
      expect(shown.stdout).to.include('(sensitive)');
    }
    expect((await run('state show web (description)', ['state', 'show', 'web'])).stdout).to.match(/description += \(sensitive\)/);
    expect((await run('state show note_key (name)', ['state', 'show', 'note_key'])).stdout).to.match(/name += \(sensitive\)/);
    // On request only (not recorded as output that must hold no secret): --json and --raw print the real values.
    const onRequest = (args: string[]) => cli(args, { cwd: folder, env });
    expect((await onRequest(['output', 'description', '--json'])).stdout.trim()).to.equal(JSON.stringify(NOTE));
    expect((await onRequest(['output', 'private_key', '--raw'])).stdout).to.equal(privateKey);
    const all = JSON.parse((await onRequest(['output', '--json'])).stdout);
    expect(all.cipassword).to.deep.equal({ value: PASSWORD, sensitive: true });
    expect(all.note_key_id.sensitive).to.equal(false);
    const engine = await Engine.open({ directory: folder, env: cliEnvironment(env) });
    try {
      expect((await engine.outputs()).private_key).to.deep.equal({ value: '(sensitive)', sensitive: true });
      expect((await engine.outputs({ reveal: true })).private_key).to.deep.equal({ value: privateKey, sensitive: true });
    } finally {
      await engine.close();
    }
    for (const args of [
      ['output'],
      ['output', 'private_key'],
      ['output', 'cipassword'],
      ['output', 'password_again'],
      ['output', 'note_key_name'],
    ]) {
      const shown = await run(args.join(' '), args);
      expect(shown.code, shown.stderr).to.equal(0);
    }
    expect((await run('plan again', ['plan', 'stack.yaml', '--detailed-exitcode'])).code).to.equal(0);

    // A failing order: the simulator answers 422 echoing the request body, password included.
    cloud.setFaults({ rate: 1, kinds: ['echo-422'], paths: '^/lites$' });
    await write(folder, 'stack.yaml', manifest(second));
    const failed = await run('apply with a 422 echoing the password', ['apply', 'stack.yaml', '--auto-approve']);
    cloud.setFaults(undefined);
    expect(failed.code).to.equal(1);
    expect(failed.stdout).to.match(/web2: .*failed: POST \/lites: HTTP 422/);
    expect(failed.stdout, 'the echo was masked, not dropped').to.include('(sensitive)');
    // An account made outside cloudctl, with its own password, imported.
    const made = await fetch(`${cloud.url}/lites`, {
      method: 'POST',
      headers: { 'x-token': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({
        product_id: 1547,
        cycle: 'm',
        select_os: 'ubuntu-22.04',
        keypair_id: Number(state.resources.key.id),
        vm_name: 'outside-vm',
        ssh_and_console_user: 'outsider',
        console_password: OUTSIDE_PASSWORD,
        pay_invoice_with_cc: 'yes',
      }),
    });
    const outsideId = String(((await made.json()) as { data: { account_id: string } }).data.account_id);
    await write(folder, 'stack.yaml', manifest());
    const imported = await run('import', ['import', 'lite_vm', outsideId, '--name', 'outside']);
    expect(imported.code, imported.stderr).to.equal(0);
    expect(imported.stdout).to.include('console_password: ${var.outside_console_password}');

    // And a failing read of a bad token: the token is never echoed either.
    const badToken = await run('plan with a wrong token', ['plan', 'stack.yaml'], { CLOUDCTL_API_KEY: `${TOKEN}-wrong` });
    expect(badToken.code).to.equal(1);
    expect(badToken.stderr).to.match(/HTTP 401/);
    const debug = await run('plan --debug with a wrong token', ['--debug', 'plan', 'stack.yaml'], { CLOUDCTL_API_KEY: `${TOKEN}-wrong` });
    expect(debug.code).to.equal(1);

    const secrets: Record<string, string> = {
      'console password': PASSWORD,
      'imported account password': OUTSIDE_PASSWORD,
      'rejected password': REJECTED_PASSWORD,
      'private key': privateKey.split('\n')[1]!, // the key material line
      'API token': TOKEN,
      'secret through web.description': NOTE,
    };
    let bytes = 0;
    for (const { what, text } of outputs) {
      bytes += Buffer.byteLength(text);
      for (const [name, secret] of Object.entries(secrets))
        expect(text.includes(secret), `${name} printed by ${what}:\n${text}`).to.equal(false);
    }
    const files = await filesUnder(join(folder, '.cloudctl'));
    const stateFiles = new Set([join(folder, '.cloudctl', 'state.json'), join(folder, '.cloudctl', 'state.json.backup')]);
    expect(files.map((file) => file.path)).to.include.members([
      join(folder, '.cloudctl', 'journal.jsonl'),
      join(folder, '.cloudctl', 'last-plan.cplan'),
    ]);
    for (const file of files) {
      bytes += Buffer.byteLength(file.text, 'latin1');
      expect(file.text.includes(TOKEN), `the API token is stored in ${file.path}`).to.equal(false);
      if (stateFiles.has(file.path)) continue;
      for (const [name, secret] of Object.entries(secrets)) expect(file.text.includes(secret), `${name} in ${file.path}`).to.equal(false);
    }
    const journal = await readFile(join(folder, '.cloudctl', 'journal.jsonl'), 'utf8');
    expect(journal, 'the failed order stays in the journal until a successful run').to.include('"address":"web2"');
    expect(journal).to.include('"console_password":"(sensitive)"');
    expect(journal, 'an input from a sensitive source is masked in the journal').to.include('"description":"(sensitive)"');

    const finalState = await readState(folder);
    expect((await stat(join(folder, '.cloudctl', 'state.json'))).mode & 0o777).to.equal(0o600);
    expect((await stat(join(folder, '.cloudctl', 'state.json.backup'))).mode & 0o777).to.equal(0o600);
    for (const address of ['web', 'outside']) {
      const raw = String(finalState.resources[address].attributes.raw);
      expect(raw).to.include('"cipassword":"(sensitive)"');
      expect(raw).to.not.include(PASSWORD);
      expect(raw).to.not.include(OUTSIDE_PASSWORD);
    }
    process.stdout.write(
      `      secrets: ${outputs.length} runs and ${files.length} files scanned (${bytes} bytes) for ${Object.keys(secrets).length} secrets: 0 hits outside the state file\n`,
    );
  });

  it('with CLOUDCTL_STATE_PASSPHRASE the state file holds no secret; without it state list works and writes are refused; a wrong one is an error', async () => {
    const encrypted = { CLOUDCTL_STATE_PASSPHRASE: PASSPHRASE };
    await write(folder, 'stack.yaml', manifest());
    const removed = await run('state rm (encrypting)', ['state', 'rm', 'outside'], encrypted);
    expect(removed.code, removed.stderr).to.equal(0);
    const applied = await run('apply (encrypting)', ['apply', 'stack.yaml', '--auto-approve'], encrypted);
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const text = await readFile(join(folder, '.cloudctl', 'state.json'), 'utf8');
    for (const secret of [PASSWORD, 'PRIVATE KEY', TOKEN, NOTE])
      expect(text.includes(secret), `${secret} in the encrypted state`).to.equal(false);
    const document = JSON.parse(text);
    expect(document.encryption).to.include({ algorithm: 'aes-256-gcm', kdf: 'scrypt' });
    expect(document.resources.web.attributes.console_password).to.have.property('$encrypted');
    expect(document.resources.web.attributes.description, 'a value from a sensitive source is encrypted too').to.have.property(
      '$encrypted',
    );
    expect(document.resources.note_key.attributes.name).to.have.property('$encrypted');
    expect(document.resources.web.attributes.vm_name, 'non-sensitive values stay readable').to.equal('web-secret-01');
    expect((await stat(join(folder, '.cloudctl', 'state.json'))).mode & 0o777).to.equal(0o600);

    const noChange = await run('plan (encrypting)', ['plan', 'stack.yaml', '--detailed-exitcode'], encrypted);
    expect(noChange.code, noChange.stderr + noChange.stdout).to.equal(0);
    const listed = await run('state list without the passphrase', ['state', 'list']);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout.split('\n').filter(Boolean)).to.deep.equal(['key', 'note_key', 'web']);
    const shown = await run('state show without the passphrase', ['state', 'show', 'web']);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.match(/console_password += \(sensitive\)/);
    const output = await run('output without the passphrase', ['output']);
    expect(output.code).to.equal(0);
    expect(output.stdout).to.include('private_key = (sensitive)');
    const refused = await run('plan without the passphrase', ['plan', 'stack.yaml']);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/holds encrypted secrets: set CLOUDCTL_STATE_PASSPHRASE/);
    const wrong = await run('plan with a wrong passphrase', ['plan', 'stack.yaml'], { CLOUDCTL_STATE_PASSPHRASE: 'not it' });
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.match(/^Error: wrong passphrase: CLOUDCTL_STATE_PASSPHRASE does not decrypt the state file/m);
    const wrongList = await run('state list with a wrong passphrase', ['state', 'list'], { CLOUDCTL_STATE_PASSPHRASE: 'not it' });
    expect(wrongList.code).to.equal(1);
    for (const { what, text: printed } of outputs) {
      for (const secret of [PASSWORD, PASSPHRASE, TOKEN, NOTE])
        expect(printed.includes(secret), `${what} printed a secret`).to.equal(false);
    }
  });
});
