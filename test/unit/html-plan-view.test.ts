/**
 * How the HTML plan and its graph draw a plan (src/cli/views/plan-groups.ts,
 * svg.ts, html-changes.ts), on golden plans (test/fixtures/plans): delete
 * replace, create-before-destroy and its deposed delete in distinct
 * colours, shapes and borders, with a legend; a
 * repeated block (count, for_each) as one node and one entry with its
 * instance count; a module's blocks in one cluster. The browser's view of a
 * 3,000-change page is test/integration/html-plan.test.ts.
 *
 * Run: npx mocha --no-config --import=tsx test/unit/html-plan-view.test.ts
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { PlanDocument } from '../../src/plan/document.js';
import { planDot } from '../../src/cli/views/svg.js';
import { renderPlanHtml } from '../../src/cli/views/html.js';
import { ACTION_STYLES, drawnAs, groupChanges } from '../../src/cli/views/plan-groups.js';
import { replacesAndDeletesPlan } from '../fixtures/drawn-plan.js';

const golden = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/plans/${name}/expected.json`, import.meta.url), 'utf8')) as PlanDocument;

/** The DOT attributes of node `name` in `dot`. */
function node(dot: string, name: string): Record<string, string> {
  const line = dot.split('\n').find((entry) => entry.trim().startsWith(`${JSON.stringify(name)} [`));
  expect(line, `node ${name}`).to.be.a('string');
  return Object.fromEntries(
    [...line!.matchAll(/(\w+) = ("(?:[^"\\]|\\.)*"|[\w.]+)/g)].map((match) => [match[1], match[2].replace(/^"|"$/g, '')]),
  );
}

describe('the HTML plan view: actions, repeated blocks and modules', () => {
  it('draws delete and replace apart: colour, border, shape and border style all differ', () => {
    const deleted = node(planDot(golden('delete-orphan')), 'web');
    const replaced = node(planDot(golden('forced-replace')), 'web');
    expect(deleted).to.include({ shape: 'octagon', style: 'filled,dashed' });
    expect(replaced).to.include({ shape: 'hexagon', style: 'filled,bold' });
    for (const attribute of ['fillcolor', 'color', 'shape', 'style'])
      expect(deleted[attribute], attribute).to.not.equal(replaced[attribute]);
    const fills = Object.entries(ACTION_STYLES)
      .filter(([action]) => action !== 'noop')
      .map(([, style]) => style.fill);
    expect(new Set(fills).size).to.equal(fills.length);
  });

  it('draws create-before-destroy and its deposed delete apart from replace and delete, in the graph, the list and the legend', () => {
    const plan = replacesAndDeletesPlan();
    expect(plan.changes.map(drawnAs)).to.deep.equal(['replace', 'create_before_destroy', 'delete', 'deposed']);
    const dot = planDot(plan);
    const nodes = ['web', 'blue', 'old', 'blue (deposed 7001)'].map((name) => node(dot, name));
    expect(nodes.map((entry) => entry.shape)).to.deep.equal(['hexagon', 'parallelogram', 'octagon', 'invtrapezium']);
    for (const attribute of ['fillcolor', 'shape']) expect(new Set(nodes.map((entry) => entry[attribute])).size, attribute).to.equal(4);
    expect(nodes[1].label).to.include('+/- create replacement and then destroy');
    const html = renderPlanHtml(plan, '<svg></svg>');
    expect(html).to.include(
      '<section class="change c-create_before_destroy" id="block-blue" data-address="blue" data-action="replace" data-drawn="create_before_destroy">',
    );
    expect(html).to.include('data-action="delete" data-drawn="deposed"');
    const legend = html.slice(html.indexOf('<p id="legend"'), html.indexOf('</p>', html.indexOf('<p id="legend"')));
    for (const drawn of ['create_before_destroy', 'deposed'] as const) {
      expect(legend).to.include(`data-action="${drawn}"`);
      expect(legend).to.include(`fill="${ACTION_STYLES[drawn].fill}"`);
    }
  });

  it('draws a repeated block once with its instance count, and a repeated module as one cluster', () => {
    const repetition = planDot(golden('repetition'));
    expect(node(repetition, 'web').label).to.match(/^web\[\*\] × 3\\n/);
    expect(node(repetition, 'web')).to.include({ peripheries: '2', URL: '#block-web' });
    expect(node(repetition, 'worker').label).to.include('worker[*] × 3');
    const modules = planDot(golden('module-for-each'));
    expect(modules).to.include('subgraph "cluster_cluster" {');
    expect(modules).to.include('label = "module cluster × 3"');
    expect(node(modules, 'cluster.web').label).to.match(/^cluster\[\*\]\.web × 3\\n/);
    const groups = groupChanges(golden('module-for-each').changes);
    expect(groups.map((group) => [group.path, group.instances, group.blocks.map((block) => block.key)])).to.deep.equal([
      ['cluster', 3, ['cluster.web', 'cluster.key']],
    ]);
  });

  it('lists a repeated block as one closed entry with its instances as rows, and has a legend of every action', () => {
    const plan = golden('repetition');
    const html = renderPlanHtml(plan, '<svg></svg>');
    const changes = plan.changes.filter((change) => change.action !== 'noop');
    expect(html).to.match(
      /<details class="block c-delete" id="block-web" data-block="web" data-instances="2" data-action="delete" data-drawn="delete">/,
    );
    for (const change of changes)
      expect(html).to.include(
        `<tr data-address="${change.address.replace(/"/g, '&quot;')}" data-action="${change.action}" data-drawn="${drawnAs(change)}">`,
      );
    const legend = html.slice(html.indexOf('<p id="legend"'), html.indexOf('</p>', html.indexOf('<p id="legend"')));
    for (const action of ['create', 'update', 'replace', 'delete', 'read']) {
      expect(legend).to.include(`data-action="${action}"`);
      expect(legend).to.include(`fill="${ACTION_STYLES[action as 'create'].fill}"`);
    }
  });
});
