/**
 * An Engine that says what it is doing (src/engine/turns.ts): operations on
 * one engine run one at a time in call order (two plan() calls no longer
 * fail with a StateLockedError naming the engine's own process), a call
 * asked not to wait fails at once with EngineBusyError, `lockTimeoutSeconds`
 * bounds the wait for a turn, a call from inside a running operation's
 * callback is refused instead of waiting forever, and after close() every
 * call throws EngineClosedError.
 *
 * Run: npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/engine-turns.test.ts
 */
import { expect } from 'chai';
import { Engine, EngineBusyError, EngineClosedError, type EngineOptions, type PlanDocument } from '../../src/index.js';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cliEnvironment, startCloud, tempFolder, write } from './helpers.js';
import { liteKeypair } from '../fixtures/lite-stack.js';

const stack = (name: string) => `resources:\n${liteKeypair('key', `"${name}"`)}`;

describe('integration: one operation at a time on one Engine', function () {
  this.timeout(60_000);
  let cloud: RunningSimulator;
  before(async () => {
    cloud = await startCloud();
  });
  after(async () => {
    await cloud.close();
  });

  async function open(options: EngineOptions = {}) {
    const directory = await tempFolder('cloudctl-turns-');
    await write(directory, 'stack.yaml', stack('turns'));
    return Engine.open({ directory, env: cliEnvironment({ CLOUDCTL_BASE_URL: cloud.url }), ...options });
  }

  /** Starts `engine.apply('stack.yaml')` held at its approve step until `release()`; resolves `held` once it is there. */
  function heldApply(engine: Engine) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    const applying = engine.apply('stack.yaml', {
      approve: async () => {
        reached();
        await gate;
        return false;
      },
    });
    return { applying, held, release };
  }

  it('runs two plan() calls started together one after the other, in call order, both planned', async () => {
    const engine = await open();
    try {
      const order: string[] = [];
      const plan = (name: string) =>
        engine.plan('stack.yaml', {
          onEvent: (event) => {
            if (event.type === 'planned') order.push(name);
          },
        });
      const [first, second, third] = await Promise.all([plan('first'), plan('second'), plan('third')]);
      for (const document of [first, second, third]) expect(document.changes.map((change) => change.action)).to.deep.equal(['create']);
      expect(order).to.deep.equal(['first', 'second', 'third']);
    } finally {
      await engine.close();
    }
  });

  it("fails at once with EngineBusyError under ifBusy: 'fail', naming what it is busy with; the engine's default works too", async () => {
    const engine = await open();
    try {
      const { applying, held, release } = heldApply(engine);
      await held;
      const refused = await engine.plan('stack.yaml', { ifBusy: 'fail' }).catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(EngineBusyError);
      expect(refused).to.include({ code: 'engine_busy', operation: 'plan', busyWith: 'apply', waitedSeconds: 0 });
      expect((refused as Error).message).to.not.include('force-unlock');
      release();
      expect((await applying).status).to.equal('cancelled');
      // Not busy any more: the same call runs.
      expect((await engine.plan('stack.yaml', { ifBusy: 'fail' })).changes).to.have.length(1);
    } finally {
      await engine.close();
    }
    const failing = await open({ ifBusy: 'fail' });
    try {
      const { applying, held, release } = heldApply(failing);
      await held;
      expect(await failing.outputs().catch((error: unknown) => error)).to.be.instanceOf(EngineBusyError);
      release();
      await applying;
    } finally {
      await failing.close();
    }
  });

  it('bounds the wait for a turn by lockTimeoutSeconds, and the calls after a timed-out one still run in order', async () => {
    const engine = await open();
    try {
      const { applying, held, release } = heldApply(engine);
      await held;
      const timedOut = engine.plan('stack.yaml', { lockTimeoutSeconds: 0.2 }).catch((error: unknown) => error);
      const later = engine.state();
      const refused = await timedOut;
      expect(refused).to.be.instanceOf(EngineBusyError);
      expect((refused as EngineBusyError).waitedSeconds).to.be.greaterThan(0);
      expect((refused as Error).message).to.include('lock timeout');
      release();
      await applying;
      expect((await later).serial).to.be.a('number');
    } finally {
      await engine.close();
    }
  });

  it("refuses a call made from inside a running operation's callback instead of waiting for it forever", async () => {
    const engine = await open();
    try {
      let inside: unknown;
      const result = await engine.apply('stack.yaml', {
        approve: async (plan: PlanDocument) => {
          inside = await engine.plan('stack.yaml').catch((error: unknown) => error);
          return plan.changes.length < 0;
        },
      });
      expect(result.status).to.equal('cancelled');
      expect(inside).to.be.instanceOf(EngineBusyError);
      expect((inside as Error).message).to.include('from inside apply');
    } finally {
      await engine.close();
    }
  });

  it('finishes the calls made before close(), then throws EngineClosedError at every call', async () => {
    const engine = await open();
    const planning = engine.plan('stack.yaml');
    await engine.close();
    expect((await planning).changes).to.have.length(1);
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['plan', () => engine.plan('stack.yaml')],
      ['apply', () => engine.apply('stack.yaml')],
      ['destroy', () => engine.destroy('stack.yaml')],
      ['refresh', () => engine.refresh('stack.yaml')],
      ['import', () => engine.import('lite_keypair', 'key', '1')],
      ['cost', () => engine.cost()],
      ['moveState', () => engine.moveState('a', 'b')],
      ['outputs', () => engine.outputs()],
      ['state', () => engine.state()],
      ['generateImports', () => engine.generateImports()],
      ['connect', () => engine.connect()],
      ['load', () => engine.load('stack.yaml')],
    ];
    for (const [name, call] of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error, name).to.be.instanceOf(EngineClosedError);
      expect(error, name).to.include({ code: 'engine_closed' });
    }
    await engine.close(); // twice is fine
  });
});
