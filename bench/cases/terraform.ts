/**
 * Side by side with Terraform (when `terraform` is on the PATH): the same
 * graph of N resources, groups of a keypair, a VM using it and a disk on the
 * VM, written for Terraform as `terraform_data` resources (built in: no
 * provider download) whose `input` holds the same values and references,
 * planned from an empty state by both tools, each timed as a process
 * (`/usr/bin/time`: wall time, peak RSS): `terraform plan -refresh=false
 * -out=tfplan` after `terraform init` (not timed), and `cloudctl plan
 * MANIFEST --refresh=false` (the built CLI; data sources read from the
 * simulator). Saved plan sizes of both.
 *
 * Args: `{ dir, size }` (`dir` from prepare.ts). Result `{ skipped }` when
 * `terraform` is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { addressesOf, layout, manifestPathOf, namesOf, tempWorkspace } from '../lib/generate.js';
import { projectRoot, round } from '../lib/measure.js';
import { timeCli, timeProcess } from '../lib/process.js';

/** The Terraform configuration of the graph of {@link layout}`(resources)`. */
function terraformConfiguration(resources: number): string {
  const { groups, extraKeypairs } = layout(resources);
  const blocks: string[] = ['variable "cycle" {\n  default = "m"\n}\n'];
  for (let i = 1; i <= groups; i++) {
    const address = addressesOf(i);
    const name = namesOf(i);
    blocks.push(
      `resource "terraform_data" "${address.keypair}" {\n  input = { name = "${name.keypair}" }\n}\n`,
      `resource "terraform_data" "${address.vm}" {\n  input = {\n    product_id = 1547\n    select_os = "ubuntu-22.04"\n    keypair_id = terraform_data.${address.keypair}.id\n    ssh_and_console_user = "deployer"\n    cycle = var.cycle\n    vm_name = "${name.vm}"\n  }\n}\n`,
      `resource "terraform_data" "${address.disk}" {\n  input = {\n    product_id = 1701\n    cycle = var.cycle\n    lite_account_id = terraform_data.${address.vm}.id\n    service_name = "${name.disk}"\n    size = 60\n  }\n}\n`,
    );
  }
  for (let j = 1; j <= extraKeypairs; j++) {
    const n = String(groups + j).padStart(5, '0');
    blocks.push(`resource "terraform_data" "kp_extra_${n}" {\n  input = { name = "bench-kpx-${n}" }\n}\n`);
  }
  return blocks.join('\n');
}

runCase(async (args: { dir: string; size: number }) => {
  const version = spawnSync('terraform', ['version', '-json'], { encoding: 'utf8' });
  if (version.status !== 0) return { size: args.size, skipped: 'terraform is not on the PATH' };
  const terraformVersion = (JSON.parse(version.stdout) as { terraform_version: string }).terraform_version;
  const cli = join(projectRoot(import.meta.url, 'terraform'), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const workspace = await tempWorkspace('cloudctl-bench-terraform-');
  const cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
  try {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1' };
    await writeFile(join(workspace.folder, 'main.tf'), terraformConfiguration(args.size));
    const init = spawnSync('terraform', ['init', '-input=false', '-no-color'], { cwd: workspace.folder, env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`terraform init failed: ${init.stderr}`);
    const terraform = await timeProcess(
      'terraform',
      ['plan', '-refresh=false', '-input=false', '-lock=false', '-no-color', '-out=tfplan'],
      workspace.folder,
      env,
    );
    if (terraform.code !== 0) throw new Error(`terraform plan exited ${terraform.code}: ${terraform.stderr.slice(-800)}`);
    if (!terraform.stdout.replace(/(\d),(\d)/g, '$1$2').includes(`${args.size} to add`))
      throw new Error(`terraform plan: ${terraform.stdout.slice(-300)}`);
    const cloudctlEnv = { ...env, NO_COLOR: '1', CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: 'bench' };
    // The bin as a user runs it (its `#!` line), as cli-run.ts does.
    const cloudctl = await timeCli(
      cli,
      ['plan', manifestPathOf(args.dir, args.size), '--refresh=false', '--no-color'],
      workspace.folder,
      cloudctlEnv,
    );
    if (cloudctl.code !== 0) throw new Error(`cloudctl plan exited ${cloudctl.code}: ${cloudctl.stderr.slice(-800)}`);
    return {
      size: args.size,
      terraformVersion,
      terraform: {
        wallMs: round(terraform.wallMs),
        peakRssMb: round(terraform.peakRssMb),
        planBytes: (await stat(join(workspace.folder, 'tfplan'))).size,
      },
      cloudctl: {
        wallMs: round(cloudctl.wallMs),
        peakRssMb: round(cloudctl.peakRssMb),
        planBytes: (await stat(join(workspace.folder, '.cloudctl', 'last-plan.json'))).size,
      },
    };
  } finally {
    await workspace.remove();
    await cloud.close();
  }
});
