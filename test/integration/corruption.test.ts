/**
 * Damaged workspace files (issue 16, item 3): one changed byte in the middle
 * of a file cloudctl keeps must never order anything twice. The workspace is
 * the one a run killed after its orders leaves: `state.json` without the two
 * VMs (the snapshot before them), the change log recording them
 * (`state.json.changes`, two lines) and the journal recording their orders
 * and results (`journal.jsonl`, four lines), plus `state.json.backup`, a
 * `state.lock` left by a dead process and a saved plan (`last-plan.cplan`).
 * Intact, it plans no change. Damaged:
 *
 * - `state.json`, `state.json.changes`, `journal.jsonl`: every command stops
 *   with exit 1 naming the file (and the line), before any API call;
 * - `state.json.backup` (not read), `state.lock`, `last-plan.cplan`: exit 0
 *   or a clear error; in every case no order is placed (the account already
 *   holds everything, so any order would be a duplicate) and no stack trace.
 *
 * Then the ways out: `cloudctl state repair` plus `cloudctl import` for the
 * change log; an undamaged copy of the journal put back is reconciled.
 * (`simulator.json` is the simulator's, not cloudctl's, and is not guarded.)
 */
import { expect } from 'chai';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { FileJournal, LocalBackend } from '../../src/state/index.js';
import { cli, startCloud, tempFolder, write, type CliResult } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import { otherOfClass } from '../support/damage.js';

const PASSWORD = 'Corrupt3dPassword';
const MANIFEST = `${passwordVariable('password', 'CORRUPT_PASSWORD')}resources:
${liteKeypair('key', 'corrupt-key')}${liteVm('web', 'corrupt-web-01', { password: 'password' })}${liteVm('web2', 'corrupt-web-02', { password: 'password' })}`;
const STACK_TRACE = /^\s+at .+\(.+:\d+:\d+\)$/m;

/**
 * Changes the byte at `offset` of `text` (or the nearest letter or digit after
 * it) into another of its class: a digit for a digit, a letter for a letter.
 */
function damageAt(text: string, offset: number): string {
  for (let index = Math.max(0, offset); index < text.length; index++) {
    const char = text[index]!;
    if (!/[0-9a-zA-Z]/.test(char)) continue;
    return text.slice(0, index) + otherOfClass(char, 3, 1) + text.slice(index + 1);
  }
  throw new Error('nothing to damage');
}

/** `text` with one byte of line `number` (1-based) damaged, near the middle of the line. */
function damageLine(text: string, number: number): string {
  const lines = text.split('\n');
  const start = lines.slice(0, number - 1).reduce((total, line) => total + line.length + 1, 0);
  return damageAt(text, start + Math.floor(lines[number - 1]!.length / 2));
}

describe('integration: damaged workspace files never order twice', function () {
  this.timeout(300_000);
  let cloud: RunningSimulator;
  let pristine: string;
  let env: Record<string, string>;
  const vmIds: Record<string, string> = {};

  const orders = () => cloud.ledger().filter((entry) => entry.operation.endsWith('.create')).length;
  const lastRequests = (since: number) => cloud.requests().filter((request) => request.seq > since);
  const latestSeq = () => cloud.requests().at(-1)?.seq ?? 0;

  /** A fresh copy of the pristine workspace. */
  async function workspaceCopy(): Promise<string> {
    const folder = await tempFolder('cloudctl-corruption-');
    await cp(pristine, folder, { recursive: true });
    return folder;
  }

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.1 });
    env = { CLOUDCTL_BASE_URL: cloud.url, CORRUPT_PASSWORD: PASSWORD, CLOUDCTL_RECONCILE_GRACE: '0' };
    pristine = await tempFolder('cloudctl-corruption-pristine-');
    await write(pristine, 'stack.yaml', MANIFEST);
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: pristine, env });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);

    // Intact, it plans no change; the plan is saved.
    const planned = await cli(['plan', 'stack.yaml'], { cwd: pristine, env });
    expect(planned.code, planned.stderr + planned.stdout).to.equal(0);
    expect(planned.stdout).to.match(/No changes/);

    // Rebuild the files as a run killed after ordering the two VMs leaves them (same lineage and serial once replayed).
    const folder = join(pristine, '.cloudctl');
    const statePath = join(folder, 'state.json');
    const backend = new LocalBackend({ statePath });
    const full = (await backend.read())!;
    for (const name of ['web', 'web2']) vmIds[name] = full.resources[name]!.id;
    expect(full.serial).to.be.at.least(2);
    await backend.write({ ...full, serial: full.serial - 2, resources: { key: full.resources.key! } });
    await backend.appendChanges({
      lineage: full.lineage,
      serial: full.serial - 1,
      changes: [{ op: 'set', address: 'web', resource: full.resources.web! }],
    });
    await backend.appendChanges({
      lineage: full.lineage,
      serial: full.serial,
      changes: [{ op: 'set', address: 'web2', resource: full.resources.web2! }],
    });
    await rm(join(folder, 'journal.jsonl'), { force: true });
    const journal = new FileJournal(join(folder, 'journal.jsonl'));
    for (const name of ['web', 'web2']) {
      const attributes = full.resources[name]!.attributes;
      const inputs = Object.fromEntries(
        ['product_id', 'select_os', 'keypair_id', 'ssh_and_console_user', 'cycle', 'vm_name'].map((key) => [key, attributes[key]!]),
      );
      const intent = await journal.recordIntent({
        address: name,
        type: 'cloud_lite_vm',
        operation: 'create',
        inputs: { ...inputs, console_password: '***' },
        match: { vm_name: inputs.vm_name!, product_id: inputs.product_id! },
        existing: [],
        dependencies: ['key'],
      });
      await journal.recordResult(intent, { outcome: 'ok', id: vmIds[name]! });
    }
    // A lock left by a process that is gone (taken over as stale when intact).
    await writeFile(
      join(folder, 'state.lock'),
      `${JSON.stringify({ id: 'f00dfeed-0000-4000-8000-000000000000', pid: 999_999_999, host: hostname(), started_at: '2026-11-23T10:00:00.000Z', command: 'apply stack.yaml' })}\n`,
    );
    expect((await readFile(join(folder, 'state.json.changes'), 'utf8')).trim().split('\n')).to.have.length(2);
    expect((await readFile(join(folder, 'journal.jsonl'), 'utf8')).trim().split('\n')).to.have.length(4);

    // Intact, the saved plan and the manifest both apply with no order.
    for (const args of [
      ['apply', '--auto-approve'],
      ['apply', 'stack.yaml', '--auto-approve'],
    ]) {
      const copy = await workspaceCopy();
      const ordersBefore = orders();
      const result = await cli(args, { cwd: copy, env });
      expect(result.code, `intact: cloudctl ${args.join(' ')}\n${result.stderr}${result.stdout}`).to.equal(0);
      expect(orders()).to.equal(ordersBefore);
      await rm(copy, { recursive: true, force: true });
    }
  });
  after(async () => {
    await cloud?.close();
  });

  /** Checks a run on a damaged file that must stop: exit 1, the file (and line) named, the way out, no API call. */
  function expectStopped(result: CliResult, context: string, file: RegExp, requestsBefore: number): void {
    const output = `${context}\n--- stderr:\n${result.stderr}\n--- stdout:\n${result.stdout}`;
    expect(result.code, output).to.equal(1);
    expect(result.stderr, output).to.match(file);
    expect(result.stderr + result.stdout, output).to.not.match(STACK_TRACE);
    expect(cloud.counts().requests, `no API call: ${output}`).to.equal(requestsBefore);
  }

  it('one byte changed in a middle line of the change log: every command stops naming file:line, no API call; state repair and import recover', async () => {
    const folder = await workspaceCopy();
    const changes = join(folder, '.cloudctl', 'state.json.changes');
    await writeFile(changes, damageLine(await readFile(changes, 'utf8'), 1));
    const ordersBefore = orders();
    for (const args of [
      ['plan', 'stack.yaml'],
      ['apply', 'stack.yaml', '--auto-approve'],
      ['refresh', 'stack.yaml'],
      ['state', 'list'],
    ]) {
      const before = cloud.counts().requests;
      const result = await cli(args, { cwd: folder, env });
      expectStopped(
        result,
        `cloudctl ${args.join(' ')}`,
        /^Error: \.cloudctl\/state\.json\.changes is damaged: line 1: its checksum does not match .*\(it changed web\)\. A crash only ever cuts the last line short/m,
        before,
      );
      expect(result.stderr).to.contain("'cloudctl state repair'");
    }
    const repaired = await cli(['state', 'repair'], { cwd: folder, env });
    expect(repaired.code, repaired.stderr).to.equal(0);
    expect(repaired.stdout).to.match(
      /\.cloudctl\/state\.json\.changes: dropped line 1: its checksum does not match .*\(it changed web\)\./,
    );
    expect(repaired.stdout).to.contain('the original is kept as .cloudctl/state.json.changes.damaged');
    expect(repaired.stdout).to.contain('.cloudctl/journal.jsonl: nothing to repair.');
    expect(repaired.stdout).to.match(/check the account .*cloudctl import/);
    const imported = await cli(['import', 'cloud_lite_vm.web', vmIds.web!], { cwd: folder, env });
    expect(imported.code, imported.stderr).to.equal(0);
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env: { ...env } });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(orders(), 'nothing ordered again').to.equal(ordersBefore);
  });

  it('one byte changed in a middle line of the journal: stops naming file:line, no API call; the undamaged copy is reconciled', async () => {
    const folder = await workspaceCopy();
    const journal = join(folder, '.cloudctl', 'journal.jsonl');
    const changes = join(folder, '.cloudctl', 'state.json.changes');
    // The harder case: the run was killed before it wrote web to state, so only the journal knows web was ordered.
    const log = (await readFile(changes, 'utf8')).split('\n');
    await writeFile(changes, `${log[1]}\n`);
    const intact = await readFile(journal, 'utf8');
    const withoutResult = intact
      .split('\n')
      .filter((_, index) => index !== 1)
      .join('\n'); // web's result lost with the process
    await writeFile(journal, damageLine(withoutResult, 1));
    const ordersBefore = orders();
    for (const args of [
      ['plan', 'stack.yaml'],
      ['apply', 'stack.yaml', '--auto-approve'],
    ]) {
      const before = cloud.counts().requests;
      const result = await cli(args, { cwd: folder, env });
      expectStopped(
        result,
        `cloudctl ${args.join(' ')}`,
        /^Error: \.cloudctl\/journal\.jsonl is damaged: line 1: its checksum does not match .*\(an intent to \w+ web\)/m,
        before,
      );
    }
    await writeFile(journal, withoutResult);
    const since = latestSeq();
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stderr).to.match(
      /reconcile: web \(cloud_lite_vm\): the order recorded at \S+ was found as id \d+ and adopted into state/,
    );
    expect(orders(), 'nothing ordered again').to.equal(ordersBefore);
    expect(
      lastRequests(since)
        .filter((request) => request.method === 'POST')
        .map((request) => request.path),
    ).to.deep.equal([]);
  });

  it('a torn last line (a crash) is still tolerated: noticed, and the run goes on', async () => {
    const folder = await workspaceCopy();
    const changes = join(folder, '.cloudctl', 'state.json.changes');
    await writeFile(changes, `${await readFile(changes, 'utf8')}{"lineage":"x","serial":99,"chan`);
    const ordersBefore = orders();
    const result = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(result.stderr).to.match(
      /state change log \.cloudctl\/state\.json\.changes: skipped its last line \(3\), a write cut short by a crash/,
    );
    expect(orders()).to.equal(ordersBefore);
  });

  it('mid-file damage of every workspace file: never an order, never a stack trace; state files stop before any API call', async () => {
    const files: Array<{ name: string; guarded: RegExp | null; command: string[] }> = [
      {
        name: 'state.json',
        guarded:
          /^Error: state file \.cloudctl\/state\.json is corrupt: .*restore the previous version from \.cloudctl\/state\.json\.backup/m,
        command: ['apply', 'stack.yaml', '--auto-approve'],
      },
      {
        name: 'state.json.changes',
        guarded: /^Error: \.cloudctl\/state\.json\.changes is damaged: line \d+: /m,
        command: ['apply', 'stack.yaml', '--auto-approve'],
      },
      {
        name: 'journal.jsonl',
        guarded: /^Error: \.cloudctl\/journal\.jsonl is damaged: line \d+: /m,
        command: ['apply', 'stack.yaml', '--auto-approve'],
      },
      { name: 'state.json.backup', guarded: null, command: ['apply', 'stack.yaml', '--auto-approve'] },
      { name: 'state.lock', guarded: null, command: ['apply', 'stack.yaml', '--auto-approve'] },
      { name: 'last-plan.cplan', guarded: null, command: ['apply', '--auto-approve'] },
    ];
    const positions = [0.2, 0.4, 0.6, 0.8];
    const figures: string[] = [];
    for (const file of files) {
      let stopped = 0;
      for (const position of positions) {
        const folder = await workspaceCopy();
        const path = join(folder, '.cloudctl', file.name);
        const text = await readFile(path, 'utf8');
        await writeFile(path, damageAt(text, Math.floor(text.length * position)));
        const before = cloud.counts().requests;
        const ordersBefore = orders();
        const result = await cli(file.command, { cwd: folder, env });
        const context = `${file.name} damaged at ${Math.round(position * 100)}%: cloudctl ${file.command.join(' ')}\n--- stderr:\n${result.stderr}\n--- stdout:\n${result.stdout}`;
        expect(orders(), `no order: ${context}`).to.equal(ordersBefore);
        expect(result.stderr + result.stdout, context).to.not.match(STACK_TRACE);
        expect(result.stderr, context).to.not.match(/EISDIR|TypeError|undefined/);
        if (file.guarded) expectStopped(result, context, file.guarded, before);
        else if (result.code !== 0) expect(result.stderr, context).to.match(/^(Error: |\S+:\d+:\d+: )/m); // an error, or a located diagnostic (a saved plan holds its manifest)
        if (result.code !== 0) stopped++;
        await rm(folder, { recursive: true, force: true });
      }
      figures.push(`${file.name} ${stopped}/${positions.length} stopped`);
    }
    process.stdout.write(`      mid-file damage, ${positions.length} positions per file: ${figures.join(', ')}; orders placed: 0\n`);
  });
});
