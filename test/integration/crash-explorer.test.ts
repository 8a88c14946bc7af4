/**
 * The crash explorer (issue 39, item 6; crash-explorer.ts): every paid
 * operation of every resource type, killed at every point of the paid-call
 * protocol it reaches, under every fault kind and position, then recovered
 * (and the recovery killed at every point it reaches, then recovered
 * again): I1 to I4, duplicates, orphans and convergence checked after each
 * schedule, and the counts per operation, crash point and fault kind
 * printed at the end.
 *
 * The soak tier explores every group (`npm run test:soak`) and must reach
 * {@link SOAK_SCHEDULES} schedules, every paid operation of the catalogue
 * at every point; `npm test` a few groups (a few dozen schedules). Groups
 * by regular expression on their names (`path/position/kind`, e.g.
 * `^cloud_lite_vm\.create/first/`):
 *   CLOUDCTL_EXPLORER_GROUPS='^cloud_lite_disk\.grow/' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/crash-explorer.test.ts
 * `CLOUDCTL_EXPLORER_WIDTH` groups run at once (default 3), each
 * `CLOUDCTL_EXPLORER_SCHEDULE_WIDTH` schedules at once (default 2).
 */
import { expect } from 'chai';
import { PAID_CALL_POINTS } from '../../src/engine/apply/paid-call-points.js';
import { allGroups, explore, explorerTable, groupName, paidOperations, violationsByCheck, type ScheduleResult } from './crash-explorer.js';
import { SOAK } from './helpers.js';

/** The groups `npm test` explores (about 30 schedules): a create whose reply is lost, a busy in-place order, a grow answered 503. */
const BRIEF_GROUPS =
  /^(cloud_lite_vm\.create\/first\/lost-response|cloud_lite_vm\.change_package\/first\/none|cloud_lite_disk\.grow\/first\/503)$/;

/** The schedules the soak tier must explore at least (issue 39: "at least 10,000 distinct schedules"). */
const SOAK_SCHEDULES = 10_000;

const chosen = process.env.CLOUDCTL_EXPLORER_GROUPS?.trim();

function chosenGroups() {
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
    const width = Number(process.env.CLOUDCTL_EXPLORER_WIDTH ?? 3);
    const scheduleWidth = Number(process.env.CLOUDCTL_EXPLORER_SCHEDULE_WIDTH ?? 2);
    results.push(...(await explore(groups, width, scheduleWidth)));
    seconds = (performance.now() - started) / 1000;
  });

  after(() => {
    if (results.length > 0) console.log(explorerTable(results, seconds));
  });

  it(`explores ${groups.length} groups: every point of the paid-call protocol reached, with 0 violations of I1 to I4, 0 duplicates, 0 orphans, all converged`, () => {
    const failed = results.filter((result) => result.violations.length > 0);
    expect(
      failed.slice(0, 20).map((result) => `${result.id}: ${result.violations.join('; ')}`),
      `${failed.length} schedules failed (${[...violationsByCheck(results)].map(([check, n]) => `${check} ${n}`).join(', ')}); reproduce one group: CLOUDCTL_EXPLORER_GROUPS='^GROUP$' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/crash-explorer.test.ts`,
    ).to.deep.equal([]);
    // Every operation explored was killed at each point of the protocol, and recovered from kills of its recovery.
    for (const operation of new Set(results.map((result) => result.operation)))
      expect(
        PAID_CALL_POINTS.filter((point) => !results.some((result) => result.operation === operation && result.point === point)),
        `crash points of ${operation} never reached`,
      ).to.deep.equal([]);
    expect(results.filter((result) => result.kills === 2).length, 'schedules of two kills').to.be.greaterThan(0);
  });

  if (SOAK && !chosen)
    it(`explores at least ${SOAK_SCHEDULES.toLocaleString('en')} schedules, every paid operation of the catalogue among them at every crash point`, () => {
      const missing = paidOperations().flatMap((operation) =>
        PAID_CALL_POINTS.filter((point) => !results.some((result) => result.operation === operation && result.point === point)).map(
          (point) => `${operation} at ${point}`,
        ),
      );
      expect(missing, 'paid operations never killed at these points').to.deep.equal([]);
      expect(results.length).to.be.at.least(SOAK_SCHEDULES);
    });
});
