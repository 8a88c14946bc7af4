import { expect } from 'chai';
import { constants, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppendOnlyFile } from '../../src/state/local/files.js';

/** File descriptors of this process open on `path`, with their open flags (Linux: /proc/self/fd and fdinfo). */
function openDescriptors(path: string): Array<{ fd: string; flags: number }> {
  const found: Array<{ fd: string; flags: number }> = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile (the descriptor of the listing itself)
    }
    if (target !== path) continue;
    const flags = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    found.push({ fd, flags: parseInt(flags ?? '0', 8) });
  }
  return found;
}

const linuxIt = process.platform === 'linux' ? it : it.skip;

describe('state: append-only file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cloudctl-append-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  linuxIt('keeps its file open between batches, written with O_DSYNC, until close()', async () => {
    const path = join(dir, 'log.jsonl');
    const file = new AppendOnlyFile(path);
    await file.append('{"a":1}\n');
    await file.append('{"a":2}\n');
    const open = openDescriptors(path);
    expect(open).to.have.length(1);
    expect(open[0]!.flags & constants.O_DSYNC, 'O_DSYNC').to.equal(constants.O_DSYNC);
    expect(open[0]!.flags & constants.O_APPEND, 'O_APPEND').to.equal(constants.O_APPEND);
    await file.close();
    expect(openDescriptors(path)).to.deep.equal([]);
    expect(await readFile(path, 'utf8')).to.equal('{"a":1}\n{"a":2}\n');
  });

  linuxIt('closes its file by itself after the idle time', async () => {
    const path = join(dir, 'log.jsonl');
    const file = new AppendOnlyFile(path, undefined, 20);
    await file.append('{"a":1}\n');
    expect(openDescriptors(path)).to.have.length(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(openDescriptors(path)).to.deep.equal([]);
    await file.append('{"a":2}\n'); // opened again
    await file.close();
    expect(await readFile(path, 'utf8')).to.equal('{"a":1}\n{"a":2}\n');
  });

  linuxIt('open() opens the file ahead of the first append, creating it empty, and that append uses the same descriptor', async () => {
    const path = join(dir, 'log.jsonl');
    const file = new AppendOnlyFile(path);
    await file.open();
    const opened = openDescriptors(path);
    expect(opened).to.have.length(1);
    expect(await readFile(path, 'utf8')).to.equal('');
    await file.append('{"a":1}\n');
    expect(openDescriptors(path)).to.deep.equal(opened);
    await file.close();
    expect(await readFile(path, 'utf8')).to.equal('{"a":1}\n');
  });

  it('open() deals with an unterminated last line as an append does: a torn one is removed, a whole one ended', async () => {
    const path = join(dir, 'log.jsonl');
    const judge = (tail: string) => (tail.endsWith('}') ? 'complete' : 'torn') as 'complete' | 'torn';
    const refuse = () => new Error('damaged');
    await writeFile(path, '{"a":1}\n{"a":');
    const torn = new AppendOnlyFile(path, { judge, refuse });
    await torn.open();
    await torn.close();
    expect(await readFile(path, 'utf8')).to.equal('{"a":1}\n');
    await writeFile(path, '{"a":1}\n{"a":2}');
    const whole = new AppendOnlyFile(path, { judge, refuse });
    await whole.open();
    await whole.append('{"a":3}\n');
    await whole.close();
    expect(await readFile(path, 'utf8')).to.equal('{"a":1}\n{"a":2}\n{"a":3}\n');
  });

  it('appends to the new file after an exclusive task replaced it, never to the old one', async () => {
    const path = join(dir, 'log.jsonl');
    const file = new AppendOnlyFile(path);
    await file.append('{"old":1}\n');
    await file.exclusive(async () => {
      await rm(path);
      await writeFile(path, '{"compacted":1}\n');
    });
    await file.append('{"new":1}\n');
    await file.close();
    expect(await readFile(path, 'utf8')).to.equal('{"compacted":1}\n{"new":1}\n');
  });

  it('keeps every line of concurrent batches whole and in call order across close and reopen', async () => {
    const path = join(dir, 'log.jsonl');
    const file = new AppendOnlyFile(path);
    const first = Array.from({ length: 20 }, (_, i) => file.append(`{"i":${i}}\n`));
    const closing = file.close();
    const second = Array.from({ length: 20 }, (_, i) => file.append(`{"i":${20 + i}}\n`));
    await Promise.all([...first, closing, ...second]);
    await file.close();
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).to.deep.equal(Array.from({ length: 40 }, (_, i) => `{"i":${i}}`));
  });
});
