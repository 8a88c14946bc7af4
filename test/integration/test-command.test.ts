/**
 * `cloudctl test` (issue 26): the example tests of examples/tests/ pass
 * (the quickstart with a crash after its order, the fleet with faults and
 * drift, the modules with a crash once both orders returned, an unpaid
 * invoice, the conditions example's validation and postcondition),
 * run in process as a user runs them; and the runner's own failures: a
 * failed expectation and assertion located at file:line:col of the test
 * file, a duplicate order and orphaned accounts found whatever the test
 * asserts, well-formed JUnit XML, a bad test file refused at its position
 * with nothing run, and `--against` refusing what only the simulator can do
 * (every file checked before the first request), listing every account it
 * ordered and destroying it at the end (or keeping the state, `--keep-state`).
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { cli, startCloud, tempFolder, write } from './helpers.js';

const QUICKSTART = resolve('examples/quickstart.yaml');

interface JsonReport {
  passed: boolean;
  files: Array<{
    file: string;
    passed: boolean;
    failures: Array<{ message: string; file: string; line: number; column: number }>;
    steps: Array<{ name: string; status: string; failures: Array<{ message: string; file: string; line: number; column: number }> }>;
  }>;
}

describe('integration: cloudctl test', function () {
  this.timeout(300_000);

  it('runs every example test of examples/tests (found when no file is given): all pass, exit 0', async () => {
    const result = await cli(['test', '--json'], { cwd: 'examples' });
    const report = JSON.parse(result.stdout) as JsonReport;
    const failures = report.files.flatMap((file) => [...file.failures, ...file.steps.flatMap((step) => step.failures)]);
    expect(failures, JSON.stringify(failures, null, 2)).to.deep.equal([]);
    expect(result.code, result.stderr).to.equal(0);
    expect(report.files.map((file) => file.file).sort()).to.deep.equal([
      'tests/conditions.test.yaml',
      'tests/fleet.test.yaml',
      'tests/modules.test.yaml',
      'tests/quickstart.test.yaml',
      'tests/unpaid.test.yaml',
    ]);
    const quickstart = report.files.find((file) => file.file === 'tests/quickstart.test.yaml')!;
    expect(quickstart.steps.map((step) => step.status)).to.deep.equal(['planned', 'crashed', 'no-changes', 'planned']);
  });

  it('locates a failed expectation and a failed assertion at file:line:col of the test file; JUnit XML well-formed; exit 1', async () => {
    const folder = await tempFolder();
    await write(
      folder,
      'wrong.test.yaml',
      `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: plans the quickstart
    command: plan
    expect: { add: 5, paid_orders: 1 }
    assert:
      - condition: "\${plan.paid_orders}"
        message: a number is not true
      - condition: \${nothing_here.id}
`,
    );
    const result = await cli(['test', 'wrong.test.yaml', '--junit', 'report.xml'], { cwd: folder });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.include('FAIL wrong.test.yaml: plans the quickstart (plan, planned,');
    expect(result.stdout).to.include('wrong.test.yaml:5:15: expected add: 5, the plan has 2');
    expect(result.stdout).to.include('wrong.test.yaml:7:21: a number is not true: the condition is 1, not true');
    expect(result.stdout).to.include('wrong.test.yaml:9:20: cannot resolve "${nothing_here.id}"');
    expect(result.stdout).not.to.include('paid_orders: 1,');
    expect(result.stdout).to.match(/1 test file, 1 steps: 1 failed in \d+\.\d\d s/);
    const xml = await readFile(join(folder, 'report.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).to.equal(true);
    expect(xml).to.include('<testsuite name="wrong.test.yaml"');
    expect(xml).to.include('failures="1"');
    expect(xml).to.include('wrong.test.yaml:5:15: expected add: 5, the plan has 2');
  });

  it('fails on a duplicate order and on orphaned accounts, whatever the test asserts', async () => {
    const folder = await tempFolder();
    const order = `      - request: POST /lites
        body:
          product_id: \${web.product_id}
          cycle: m
          select_os: \${web.select_os}
          keypair_id: \${deploy_key.keypair_id}
          ssh_and_console_user: deployer
          console_password: Outside2026Pass
          vm_name: outside-01
          pay_invoice_with_cc: "yes"
`;
    await write(
      folder,
      'duplicate.test.yaml',
      `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: apply
    command: apply
  - name: someone orders the same VM twice outside cloudctl
    command: plan
    drift:
${order}${order}`,
    );
    const result = await cli(['test', '--json', 'duplicate.test.yaml'], { cwd: folder });
    expect(result.code).to.equal(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    const [file] = report.files;
    expect(file!.steps[0]!.failures).to.deep.equal([]);
    const duplicate = file!.steps[1]!.failures;
    expect(duplicate).to.have.length(1);
    expect(duplicate[0]).to.include({ file: 'duplicate.test.yaml', line: 5, column: 5 });
    expect(duplicate[0]!.message).to.match(
      /^duplicate order: lite\.create placed 2 times with the same request \(ledger #2 account \d+, #3 account \d+\)/,
    );
    expect(file!.failures.map((failure) => failure.message)).to.deep.equal([
      'orphaned account: lite vm 100002 exists in the cloud but not in state',
      'orphaned account: lite vm 100003 exists in the cloud but not in state',
    ]);
  });

  it('takes a folder (its *.test.yaml), never a raw EISDIR; a folder without test files and a missing file are clear errors', async () => {
    const folder = await tempFolder();
    await mkdir(join(folder, 'suite'));
    await mkdir(join(folder, 'empty'));
    const test = `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: a cycle not allowed\n    command: plan\n    variables: { cycle: zz }\n    expect_failure: constraint_violation\n`;
    await write(folder, 'suite/one.test.yaml', test);
    await write(folder, 'suite/notes.yaml', 'not a test\n');
    await write(folder, 'empty/readme.md', '');
    const result = await cli(['test', 'suite'], { cwd: folder });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('ok   suite/one.test.yaml: a cycle not allowed');
    const empty = await cli(['test', 'empty'], { cwd: folder });
    expect([empty.code, empty.stderr]).to.deep.equal([
      1,
      'Error: empty is a folder holding no *.test.yaml file: name test files, or a folder of them\n',
    ]);
    const missing = await cli(['test', 'gone.test.yaml'], { cwd: folder });
    expect(missing.code).to.equal(1);
    expect(missing.stderr + missing.stdout).to.include('cannot read the test file gone.test.yaml: no such file');
    expect(missing.stderr + missing.stdout + empty.stderr).to.not.match(/EISDIR|ENOENT/);
  });

  it('an expected failure with a diagnostic code passes only with that code', async () => {
    const folder = await tempFolder();
    await write(
      folder,
      'codes.test.yaml',
      `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: a cycle not allowed
    command: plan
    variables: { cycle: zz }
    expect_failure: constraint_violation
  - name: the wrong code
    command: plan
    variables: { cycle: zz }
    expect_failure: over_budget
`,
    );
    const result = await cli(['test', 'codes.test.yaml'], { cwd: folder });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.include('ok   codes.test.yaml: a cycle not allowed (plan, failed,');
    expect(result.stdout).to.include('codes.test.yaml:10:5: expected a failure with code over_budget, got constraint_violation');
  });

  it('--against URL runs the steps on that API (paid orders counted from the plan), the simulator of the file unused', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0.1 });
    try {
      const folder = await tempFolder();
      await write(
        folder,
        'real.test.yaml',
        `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: apply
    expect: { add: 2, paid_orders: 1 }
    assert:
      - condition: \${web.status == "Active"}
  - name: destroy
    command: destroy
    expect: { destroy: 2 }
`,
      );
      const result = await cli(['test', 'real.test.yaml', '--against', cloud.url], { cwd: folder });
      expect(result.code, result.stdout + result.stderr).to.equal(0);
      expect(cloud.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create']);
      expect(cloud.accounts()).to.deep.equal([]);
    } finally {
      await cloud.close();
    }
  });

  it('--against: every file is checked before the first request: a second file refused means no request at all (issue 39, finding 1)', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0 });
    try {
      const folder = await tempFolder();
      await write(folder, 'a.test.yaml', `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: apply\n`);
      await write(folder, 'b.test.yaml', `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: crash\n    faults: { kinds: [503] }\n`);
      const result = await cli(['test', 'a.test.yaml', 'b.test.yaml', '--against', cloud.url], { cwd: folder });
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('b.test.yaml:4:13: --against: faults needs the simulator; refused against a real API');
      expect(cloud.ledger()).to.deep.equal([]);
      expect(cloud.requests()).to.deep.equal([]);
    } finally {
      await cloud.close();
    }
  });

  it('--against: a passing file without a destroy step leaves nothing billing; every account ordered is listed (issue 39, finding 2)', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0 });
    try {
      const folder = await tempFolder();
      await write(folder, 'keep.test.yaml', `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: apply\n    expect: { add: 2 }\n`);
      const result = await cli(['test', 'keep.test.yaml', '--against', cloud.url], { cwd: folder });
      expect(result.code, result.stdout + result.stderr).to.equal(0);
      expect(cloud.accounts()).to.deep.equal([]);
      expect(cloud.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create']);
      expect(result.stdout).to.match(/cloud_lite_keypair \d+ \(deploy_key, ordered by "apply"\): destroyed at the end of the run/);
      expect(result.stdout).to.match(/cloud_lite_vm \d+ \(web, ordered by "apply"\): destroyed at the end of the run/);
      expect(result.stdout).to.match(/1 test file, 1 steps: all passed in \d+\.\d\d s; 2 accounts ordered on the real API: 2 destroyed\n$/);
      expect(result.stdout).not.to.include('nothing was changed');

      // --keep-state DIR keeps the state instead, and says where.
      const kept = await cli(['test', 'keep.test.yaml', '--against', cloud.url, '--keep-state', 'kept'], { cwd: folder });
      expect(kept.code, kept.stdout + kept.stderr).to.equal(0);
      const statePath = join(folder, 'kept', 'keep', '.cloudctl', 'state.json');
      expect(kept.stdout).to.include(`in ${statePath}`);
      expect(kept.stdout).to.include('2 accounts ordered on the real API: 2 kept');
      const state = JSON.parse(await readFile(statePath, 'utf8')) as { resources: Record<string, { id: string }> };
      expect(Object.keys(state.resources).sort()).to.deep.equal(['deploy_key', 'web']);
      expect(cloud.accounts().map((account) => account.id)).to.include(state.resources.web!.id);
      const again = await cli(['test', 'keep.test.yaml', '--against', cloud.url, '--keep-state', 'kept'], { cwd: folder });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.include('already holds a state');
    } finally {
      await cloud.close();
    }
  });

  it('--against: a destroy at the end that fails fails the run, names what is left billing and keeps the state', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0 });
    try {
      const folder = await tempFolder();
      await write(folder, 'stuck.test.yaml', `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: apply\n`);
      cloud.setFaults({ rate: 1, kinds: ['500'], paths: '^DELETE /lites/' });
      const result = await cli(['test', 'stuck.test.yaml', '--against', cloud.url, '--json'], { cwd: folder });
      expect(result.code).to.equal(1);
      const report = JSON.parse(result.stdout) as JsonReport & {
        files: Array<{ kept_state?: string; accounts: Array<{ address: string; outcome: string; detail: string }> }>;
      };
      const [file] = report.files;
      const web = file!.accounts.find((account) => account.address === 'web')!;
      expect(web.outcome).to.equal('left');
      expect(web.detail).to.include(`the run's state is kept in ${file!.kept_state}`);
      expect(file!.failures.map((failure) => failure.message).join('\n')).to.include('the destroy at the end of the run failed');
      const state = JSON.parse(await readFile(join(file!.kept_state!, '.cloudctl', 'state.json'), 'utf8')) as {
        resources: Record<string, unknown>;
      };
      expect(Object.keys(state.resources).sort()).to.deep.equal(['deploy_key', 'web']);
      expect(file!.accounts.map((account) => account.outcome)).to.deep.equal(['left', 'left']);
    } finally {
      await cloud.close();
    }
  });

  it('after an interrupt (Ctrl-C, here an aborted signal) no step starts: each file fails as not run, exit 1', async () => {
    const folder = await tempFolder();
    await write(folder, 'one.test.yaml', `manifest: ${JSON.stringify(QUICKSTART)}\nruns:\n  - name: apply\n`);
    const result = await cli(['test', 'one.test.yaml'], { cwd: folder, signal: AbortSignal.abort() });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.include('FAIL one.test.yaml:3:5: interrupted: not run');
    expect(result.stderr).to.include('cloudctl: interrupted: the step running finished, and no other started');
  });

  it('refuses a test file with an unknown key or a bad value at its position, running nothing', async () => {
    const folder = await tempFolder();
    await write(
      folder,
      'bad.test.yaml',
      `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: typo
    command: aply
    expct: { add: 1 }
    faults: { kinds: [418] }
`,
    );
    const result = await cli(['test', 'bad.test.yaml'], { cwd: folder });
    expect(result.code).to.equal(1);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.include('bad.test.yaml:5:5: runs[0]: unknown key "expct"');
    expect(result.stderr).to.include('bad.test.yaml:4:14: command must be one of plan, apply, destroy, refresh (got "aply")');
    expect(result.stderr).to.include('bad.test.yaml:6:23: faults.kinds: unknown kind "418"');
  });

  it('--against refuses faults, drift and payments (they need the simulator), before calling anything', async () => {
    const folder = await tempFolder();
    await write(
      folder,
      'faults.test.yaml',
      `manifest: ${JSON.stringify(QUICKSTART)}
runs:
  - name: crash
    faults: { crash_after_paid_orders: 1 }
`,
    );
    const result = await cli(['test', 'faults.test.yaml', '--against', 'http://127.0.0.1:9/v1'], { cwd: folder });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('faults.test.yaml:4:13: --against: faults needs the simulator; refused against a real API');
  });
});
