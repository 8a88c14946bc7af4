/**
 * The crash explorer (issue 39, item 6; crash-explorer.ts): every paid
 * operation of every resource type, killed at every point of the paid-call
 * protocol it reaches, under every fault kind and position, then applied
 * again: I1 to I4, duplicates, orphans and convergence checked after each
 * schedule, and the counts per operation and crash point printed at the end.
 *
 * The soak tier explores every group (`npm run test:soak`); `npm test` a
 * few groups (a few dozen schedules). Groups by regular expression on their
 * names (`path/position/kind`, e.g. `^cloud_lite_vm\.create/first/`):
 *   CLOUDCTL_EXPLORER_GROUPS='^cloud_lite_disk\.grow/' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/crash-explorer.test.ts
 * `CLOUDCTL_EXPLORER_WIDTH` groups run at once (default 3).
 */
import { expect } from 'chai';
import { allGroups, explore, explorerTable, groupName, type ScheduleResult } from './crash-explorer.js';
import { SOAK } from './helpers.js';

/** The groups `npm test` explores: a create with and without a lost reply, a busy in-place order, a grow answered 503. */
const BRIEF_GROUPS =
  /^(cloud_lite_vm\.create\/first\/(none|lost-response)|cloud_lite_vm\.change_package\/first\/none|cloud_lite_disk\.grow\/first\/503)$/;

function chosenGroups() {
  const chosen = process.env.CLOUDCTL_EXPLORER_GROUPS?.trim();
  const pattern = chosen ? new RegExp(chosen) : SOAK ? /./ : BRIEF_GROUPS;
  return allGroups().filter((group) => pattern.test(groupName(group)));
}

describe('integration: crash explorer: a kill at every point of every paid call, then a re-apply (issue 39)', function () {
  this.timeout(3_600_000);
  const groups = chosenGroups();
  const results: ScheduleResult[] = [];
  let seconds = 0;

  before(async function () {
    this.timeout(3_600_000);
    const started = performance.now();
    results.push(...(await explore(groups, Number(process.env.CLOUDCTL_EXPLORER_WIDTH ?? 3))));
    seconds = (performance.now() - started) / 1000;
  });

  after(() => {
    if (results.length > 0) console.log(explorerTable(results, seconds));
  });

  it(`explores ${groups.length} groups: every point of the paid-call protocol reached, with 0 violations of I1 to I4, 0 duplicates, 0 orphans, all converged`, () => {
    const failed = results.filter((result) => result.violations.length > 0);
    expect(
      failed.map((result) => `${result.id}: ${result.violations.join('; ')}`),
      `reproduce one group: CLOUDCTL_EXPLORER_GROUPS='^GROUP$' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/crash-explorer.test.ts`,
    ).to.deep.equal([]);
    // Every group reached each point of its order: no schedule is silently missing.
    const points = new Set(results.map((result) => result.point));
    expect([...points].sort()).to.include.members(['intent-journaled', 'request-sent']);
    expect(results.length).to.be.greaterThan(groups.length * 2);
  });
});
