/**
 * The Markdown plan (src/cli/views/markdown.ts, `plan`/`show --format
 * markdown`): summary first, each change in a `<details>` block with its
 * reasons, secrets masked even in a plan that arrives unmasked, Markdown
 * and HTML escaped, and a big plan cut under 65,000 characters with a line
 * naming what was cut and where the full plan is. The golden Markdown of
 * every case is in test/fixtures/plans/CASE/expected.md (golden-plans.test.ts).
 */
import { expect } from 'chai';
import { MARKDOWN_LIMIT, escapeMarkdown, planOutputFormat, renderPlanMarkdown } from '../../src/cli/views/markdown.js';
import type { Change, PlanDocument } from '../../src/plan/index.js';
import { renderCase } from '../fixtures/plans/harness.js';

async function goldenPlan(name: string): Promise<PlanDocument> {
  return structuredClone((await renderCase(name)).json) as PlanDocument;
}

const FULL = { fullPlan: 'cloudctl show .cloudctl/last-plan.cplan' };

describe('plan as Markdown', () => {
  it('puts the summary first (counts, paid orders, cost, budget, warnings), then one <details> block per change with its reasons', async () => {
    const plan = await goldenPlan('create-chain');
    plan.budget = { monthly_limit: 100000, over: false, allowed: false, problems: [] };
    plan.warnings = [{ code: 'value_lost_at_create', address: 'old_key', attributes: ['private_key'] }];
    const text = renderPlanMarkdown(plan, FULL);
    const firstDetails = text.indexOf('<details>');
    for (const summary of [
      '**Plan: 2 to add, 0 to change, 0 to destroy, 0 to import. 1 paid order.**',
      '| 2 | 0 | 0 | 0 | 0 | 0 | 1 |',
      'Cost: +Rp 75.000 per month (from Rp 0 to Rp 75.000); 1 order due now: Rp 75.000.',
      'Budget: Rp 75.000 of Rp 100.000 per month.',
      '**1 warning:**',
      'old_key: its private_key is lost for good.',
    ]) {
      expect(text).to.include(summary);
      expect(text.indexOf(summary), summary).to.be.lessThan(firstDetails);
    }
    const blocks = text.split('<details>').slice(1);
    const changes = plan.changes.filter((change) => change.action !== 'noop');
    expect(blocks.filter((block) => block.startsWith('<summary><code>'))).to.have.length(changes.length);
    expect(text).to.include('<details><summary><code>+ web</code> create <code>cloud_lite_vm</code> · 1 paid order</summary>');
    expect(text).to.include('- not in state: places a paid order\n- cost: Rp 75.000 per month, due now Rp 75.000');
    expect(text).to.include('Known after apply: `id`, `keypair_id`, `status`');
    expect(text.match(/<details>/g)).to.have.length(text.match(/<\/details>/g)!.length);
  });

  it('masks secrets of a plan that arrives unmasked (a plan file from elsewhere)', async () => {
    const plan = await goldenPlan('create-chain');
    const web = plan.changes.find((change) => change.address === 'web')!;
    web.attributes.find((attribute) => attribute.name === 'console_password')!.after = 'Sup3rSecretPassw0rd';
    plan.outputs.secret = { value: 'OutputSecret42', sensitive: true };
    const text = renderPlanMarkdown(plan, FULL);
    expect(text).to.not.include('Sup3rSecretPassw0rd');
    expect(text).to.not.include('OutputSecret42');
    expect(text).to.include('+ console_password = (sensitive)');
    expect(text).to.include('+ secret = (sensitive)');
  });

  it('escapes Markdown and HTML: an address, a reason and a value cannot inject markup or close the code block', async () => {
    const plan = await goldenPlan('create-chain');
    const web = plan.changes.find((change) => change.address === 'web')!;
    web.address = 'web["<img src=x onerror=alert(1)>"]';
    web.attributes.find((attribute) => attribute.name === 'vm_name')!.after = '```\n</details><script>alert(1)</script>';
    web.reasonCodes = [{ code: 'delete_because_for_each_key_gone', key: '*bold* [link](http://x) @octocat <b>' }];
    const text = renderPlanMarkdown(plan, FULL);
    expect(text).to.not.include('<img');
    expect(text).to.include('<code>+ web[&quot;&lt;img src=x onerror=alert(1)&gt;&quot;]</code>');
    expect(text).to.include('- "\\*bold\\* \\[link\\](http://x) \\@octocat &lt;b&gt;" is no longer in for_each');
    // The value sits in a code block fenced with more backticks than it holds: the fence is not closed early.
    const diff = /\n(`{4,})diff\n([\s\S]*?)\n\1\n/.exec(text);
    expect(diff, text).to.not.equal(null);
    expect(diff![2]).to.include('+ vm_name = "```\\n</details><script>alert(1)</script>"');
    expect(text.match(/<\/details>/g)).to.have.length(text.match(/<details>/g)!.length + 1); // the one inside the code block
  });

  it('cuts a plan of 5,000 creates under 65,000 characters, keeping the summary, with a line naming what was cut and where the full plan is', async () => {
    const plan = await goldenPlan('create-chain');
    const template = plan.changes.find((change) => change.address === 'web')!;
    plan.changes = Array.from({ length: 5000 }, (_, index): Change => ({ ...structuredClone(template), address: `web_${index}` }));
    const text = renderPlanMarkdown(plan, FULL);
    expect(text.length).to.be.at.most(MARKDOWN_LIMIT);
    expect(text.length).to.be.greaterThan(MARKDOWN_LIMIT - 3000); // filled, not cut early
    expect(text.startsWith('### cloudctl plan: `manifest.yaml`\n\n**Plan: 5000 to add')).to.equal(true);
    const kept = (text.match(/<details><summary><code>\+ web_/g) ?? []).length;
    expect(kept).to.be.greaterThan(10);
    const cut = text.trimEnd().split('\n').at(-1)!;
    expect(cut).to.equal(
      `**Cut to stay under 65,000 characters:** ${5000 - kept} changes of 5000 not shown here (${Array.from({ length: 10 }, (_, index) => `\`web_${kept + index}\``).join(', ')} and ${5000 - kept - 10} more), and the outputs. The full plan: \`cloudctl show .cloudctl/last-plan.cplan\`.`,
    );
    expect(text.match(/<details>/g)).to.have.length(text.match(/<\/details>/g)!.length);
  });

  it('a limit too small for the outputs after the last change cuts the outputs, never past the limit', async () => {
    const plan = await goldenPlan('create-chain');
    const whole = renderPlanMarkdown(plan, FULL);
    const limit = whole.length - 10;
    const text = renderPlanMarkdown(plan, { ...FULL, limit });
    expect(text.length).to.be.at.most(limit);
    expect(text).to.not.include('Changes to outputs');
    expect(text.trimEnd().split('\n').at(-1)).to.match(
      /^\*\*Cut to stay under [\d,]+ characters:\*\* 1 change of 2 not shown here \(`web`\), and the outputs\./,
    );
  });

  it('a plan that fits is not cut', async () => {
    const text = renderPlanMarkdown(await goldenPlan('create-chain'), FULL);
    expect(text).to.not.include('Cut to stay under');
  });

  it('escapeMarkdown leaves words alone and escapes what would start markup', () => {
    expect(escapeMarkdown('vm_name changed: calls rename')).to.equal('vm_name changed: calls rename');
    expect(escapeMarkdown('- a\nb')).to.equal('\\- a b');
    expect(escapeMarkdown('1. _x_ | ~~y~~')).to.equal('1\\. \\_x\\_ \\| \\~\\~y\\~\\~');
  });

  it('--format and --json: one format at a time', () => {
    expect(planOutputFormat({})).to.equal('text');
    expect(planOutputFormat({ json: true })).to.equal('json');
    expect(planOutputFormat({ format: 'markdown' })).to.equal('markdown');
    expect(() => planOutputFormat({ json: true, format: 'markdown' })).to.throw('--json and --format markdown ask for two formats');
  });
});
