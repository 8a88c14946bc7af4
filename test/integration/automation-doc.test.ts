/**
 * docs/automation.md's example is true: its manifest and program, run as a
 * program that depends on the package (`import { Engine } from 'cloudctl'`
 * through node_modules/cloudctl, a link to this project, resolved by the
 * package's `exports`: dist/index.js, built by `npm run build`), against the
 * embedded simulator in a temp folder, print what the page says they print;
 * and the program type-checks against the package's declarations
 * (dist/types/, `types` in `exports`) as TypeScript.
 *
 * Run (after `npm run build`): npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/automation-doc.test.ts
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { cliEnvironment, tempFolder } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The fenced blocks of `language` in `markdown`, in order. */
function blocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);
}

/** Runs `node args` in `cwd` with `env`; resolves with the exit code and output. */
function run(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd, env, timeout: 150_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

describe('integration: docs/automation.md (the automation API from a program that depends on the package)', function () {
  // A type-check of the page on a loaded 2-core machine has taken close to a minute: the bound is for a hang.
  this.timeout(150_000);

  it("runs the page's example against the embedded simulator and prints what the page says, nothing on stderr", async () => {
    const page = await readFile(join(ROOT, 'docs/automation.md'), 'utf8');
    const [manifest] = blocks(page, 'yaml');
    const program = blocks(page, 'js').find((block) => block.includes('Engine.open'));
    const [expected] = blocks(page, 'text');
    expect(manifest, 'a yaml block').to.be.a('string');
    expect(program, 'a js block with Engine.open').to.be.a('string');
    const folder = await tempFolder('cloudctl-automation-');
    await mkdir(join(folder, 'node_modules'));
    await symlink(ROOT, join(folder, 'node_modules', 'cloudctl'), 'dir');
    await writeFile(join(folder, 'package.json'), '{ "type": "module", "dependencies": { "cloudctl": "*" } }\n');
    await writeFile(join(folder, 'stack.yaml'), manifest!);
    await writeFile(join(folder, 'example.mjs'), program!);
    // No base URL and no token: the embedded simulator, as the page says.
    const env = cliEnvironment({ CLOUDCTL_API_KEY: undefined, NO_COLOR: undefined });
    const result = await run(['example.mjs'], folder, env);
    expect(result.stderr).to.equal('');
    expect(result.code).to.equal(0);
    expect(result.stdout).to.equal(expected);
  });

  it('type-checks the example as TypeScript against the declarations the package exports', async () => {
    const page = await readFile(join(ROOT, 'docs/automation.md'), 'utf8');
    const program = blocks(page, 'js').find((block) => block.includes('Engine.open'))!;
    const folder = await tempFolder('cloudctl-automation-types-');
    await mkdir(join(folder, 'node_modules'));
    await symlink(ROOT, join(folder, 'node_modules', 'cloudctl'), 'dir');
    await writeFile(join(folder, 'package.json'), '{ "type": "module" }\n');
    const typed = `${program}
import { DiagnosticError, StalePlanError, StateLockedError, type EngineEvent, type PlanDocument, type ApplyResult } from 'cloudctl';
export function describe(event: EngineEvent, plan: PlanDocument, result: ApplyResult, error: unknown): string {
  if (error instanceof DiagnosticError) return error.diagnostics.map((diagnostic) => diagnostic.message).join();
  if (error instanceof StalePlanError || error instanceof StateLockedError) return error.message;
  return \`\${event.type} \${plan.changes.length} \${result.status}\`;
}
`;
    await writeFile(join(folder, 'example.ts'), typed);
    await writeFile(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['example.ts'],
      }),
    );
    const result = await run([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', folder], folder, cliEnvironment());
    expect(result.stdout + result.stderr).to.equal('');
    expect(result.code).to.equal(0);
  });
});
