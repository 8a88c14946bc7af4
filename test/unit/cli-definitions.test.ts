/**
 * Commands that declare themselves (issue 38, item 2): the program is made
 * of the definitions `main.ts` lists (src/cli/definitions/), in order; a
 * definition added to that list is a command with its help, its line in
 * the man page and its completions, and its action gets its arguments and
 * options and sets the exit code. Also the edges around them (item 4):
 * the manifest a command reads when none is given, and the test files a
 * folder names.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { COMMANDS, program } from '../../src/cli/main.js';
import { addCommands, option, type CommandContext, type CommandDefinition } from '../../src/cli/definitions/define.js';
import { findDefaultManifest } from '../../src/cli/default-manifest.js';
import { expandTestPaths } from '../../src/testing/index.js';
import { manPage } from '../../scripts/lib/man-page.js';
import { tempFolder } from '../temp-folders.js';

/** An in-memory I/O in `cwd`: what is written to stdout and stderr. */
function memoryIo(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    cwd,
    env: {},
    stdin: undefined as never,
    stdout: { write: (text: string) => out.push(text) > 0 },
    stderr: { write: (text: string) => err.push(text) > 0 },
  };
  return { io, out, err };
}

/** The names of `command`'s subcommands, subcommands of subcommands as `state list`. */
function commandNames(command: Command, prefix = ''): string[] {
  return command.commands.flatMap((sub) => [`${prefix}${sub.name()}`, ...commandNames(sub, `${prefix}${sub.name()} `)]);
}

/** The names of `definitions`, as {@link commandNames} gives them. */
function definitionNames(definitions: readonly CommandDefinition[], prefix = ''): string[] {
  return definitions.flatMap((definition) => [
    `${prefix}${definition.name}`,
    ...definitionNames(definition.commands ?? [], `${prefix}${definition.name} `),
  ]);
}

describe('CLI: commands declared by their definitions', () => {
  it('the program is exactly the listed definitions, in order, with their arguments and options', () => {
    const cli = program(memoryIo('.').io);
    expect(commandNames(cli)).to.deep.equal(definitionNames(COMMANDS));
    const plan = cli.commands.find((command) => command.name() === 'plan')!;
    expect(plan.registeredArguments.map((argument) => argument.name())).to.deep.equal(['manifest']);
    expect(plan.options.map((made) => made.long)).to.include.members(['--out', '--target', '--var', '--stacks', '--lock-timeout']);
    expect(cli.commands.find((command) => command.name() === 'validate')!.registeredArguments[0].required).to.equal(false);
  });

  it('a new definition is a command: its help, its man page entry, its completions, its action with arguments and options', async () => {
    const { io, out } = memoryIo(await tempFolder('cloudctl-definitions-'));
    let code = -1;
    let seen: unknown[] = [];
    const greet: CommandDefinition = {
      name: 'greet',
      description: 'say hello to someone',
      arguments: [{ name: '<who>', description: 'whom to greet' }],
      options: [option('--times <n>', 'how many times', Number, 1)],
      action: async (context: CommandContext, who: string, options: { times: number }) => {
        seen = [who, options.times, context.workspace().name];
        context.io.stdout.write(`${'hello '.repeat(options.times)}${who}\n`);
        return 3;
      },
    };
    const cli = program(io, (exit) => (code = exit));
    addCommands(
      cli,
      [greet],
      (command) => ({ io, command, workspace: () => ({ name: 'default' }) as never }),
      (exit) => (code = exit),
    );

    await cli.parseAsync(['node', 'cloudctl', 'greet', 'world', '--times', '2']);
    expect(seen).to.deep.equal(['world', 2, 'default']);
    expect(out.join('')).to.equal('hello hello world\n');
    expect(code).to.equal(3);
    const help = cli.commands.find((command) => command.name() === 'greet')!.helpInformation();
    expect(help).to.include('Usage: cloudctl greet [options] <who>');
    expect(help).to.include('--times <n>');
    const page = manPage(cli, '0.1.0', '2026-11-29');
    expect(page).to.include('.B cloudctl greet [options] <who>');
    expect(page).to.include('say hello to someone');

    out.length = 0;
    await cli.parseAsync(['node', 'cloudctl', 'complete', '--', 'greet', '--t']);
    expect(out.join('').split('\n')[0].split('\t')[0]).to.equal('--times');
  });
});

describe('CLI: the manifest of the current folder', () => {
  const folder = async (files: Record<string, string>) => {
    const made = await tempFolder('cloudctl-default-manifest-');
    for (const [name, text] of Object.entries(files)) await writeFile(join(made, name), text);
    return made;
  };

  it('cloudctl.yaml first, else the one manifest file, else the folder as one manifest', async () => {
    expect(await findDefaultManifest(await folder({ 'cloudctl.yaml': '', 'other.yaml': '' }))).to.deep.equal({
      path: 'cloudctl.yaml',
      said: 'reading cloudctl.yaml',
    });
    expect(
      await findDefaultManifest(await folder({ 'web.yaml': '', 'web.test.yaml': '', 'prod.vars.yaml': '', 'notes.txt': '' })),
    ).to.deep.equal({
      path: 'web.yaml',
      said: 'reading web.yaml, the one manifest file here',
    });
    expect(await findDefaultManifest(await folder({ 'b.yaml': '', 'a.yml': '' }))).to.deep.equal({
      path: '.',
      said: "reading this folder's 2 manifest files as one manifest (a.yml, b.yaml)",
    });
  });

  it('none here, or several beside a stacks file: an error saying what to do', async () => {
    const none = await findDefaultManifest(await folder({ 'web.test.yaml': '', '.hidden.yaml': '' }));
    expect(none)
      .to.have.property('error')
      .that.match(/^no manifest given, and none here .*name one, or write cloudctl\.yaml$/);
    const stacks = await findDefaultManifest(await folder({ 'cloudctl.stacks.yaml': '', 'a.yaml': '', 'b.yaml': '' }));
    expect(stacks).to.have.property('error').that.include('a stacks file: name the manifest, or use --stacks');
    expect(await findDefaultManifest(await folder({ 'cloudctl.stacks.yaml': '', 'a.yaml': '' }))).to.have.property('path', 'a.yaml');
  });
});

describe('cloudctl test: files and folders', () => {
  it('a folder is its *.test.yaml files, in order; files and missing paths as given; each file once', async () => {
    const root = await tempFolder('cloudctl-test-paths-');
    await mkdir(join(root, 'suite', 'deeper'), { recursive: true });
    for (const name of ['b.test.yaml', 'a.test.yaml', 'manifest.yaml', 'deeper/c.test.yaml'])
      await writeFile(join(root, 'suite', name), '');
    await writeFile(join(root, 'one.test.yaml'), '');
    expect(await expandTestPaths(['suite', 'one.test.yaml', 'gone.test.yaml', 'suite/a.test.yaml'], root)).to.deep.equal([
      'suite/a.test.yaml',
      'suite/b.test.yaml',
      'one.test.yaml',
      'gone.test.yaml',
    ]);
  });

  it('a folder without a test file is an error naming it', async () => {
    const root = await tempFolder('cloudctl-test-paths-');
    await mkdir(join(root, 'empty'));
    let message = '';
    await expandTestPaths(['empty'], root).catch((error: Error) => (message = error.message));
    expect(message).to.equal('empty is a folder holding no *.test.yaml file: name test files, or a folder of them');
  });
});
