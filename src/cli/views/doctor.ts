/**
 * The report of `cloudctl doctor`: one line per probe (what was read, how
 * many objects, how many findings), the findings under it with the
 * attributes they affect, unknown fields, and a closing verdict.
 */
import type { DoctorProbe, DoctorTarget } from '../../engine/engine.js';
import type { Style } from './style.js';

/**
 * Renders the report. Returns the text (ending in a newline) and the number
 * of problems (findings of severity `problem`), which decides the exit code.
 */
export function renderDoctorReport(probes: DoctorProbe[], target: DoctorTarget, style: Style): { text: string; problems: number } {
  const lines: string[] = [];
  lines.push(
    style.bold(
      `cloudctl doctor: read-only check of ${target.baseUrl}${target.embedded ? ' (the embedded simulator)' : ''}, ${target.token ? 'with' : 'without'} a token`,
    ),
  );
  lines.push('');
  const width = Math.max(...probes.map((probe) => probe.title.length));
  let problems = 0;
  let notes = 0;
  for (const probe of probes) {
    const own = probe.findings.filter((finding) => finding.severity === 'problem').length;
    problems += own;
    notes += probe.findings.length - own;
    const verdict =
      own > 0
        ? style.red(`${own} problem${own === 1 ? '' : 's'}`)
        : probe.findings.length > 0
          ? style.yellow(`${probe.findings.length} note${probe.findings.length === 1 ? '' : 's'}`)
          : style.green('ok');
    lines.push(`${probe.title.padEnd(width)}  ${probe.request}: ${probe.count} object${probe.count === 1 ? '' : 's'}, ${verdict}`);
    for (const finding of probe.findings) {
      const mark = finding.severity === 'problem' ? style.red('✗') : style.yellow('·');
      const affects = finding.affects.length > 0 ? ` → ${finding.affects.join(', ')}` : '';
      lines.push(`  ${mark} ${finding.subject}: ${finding.message}${affects}`);
    }
    if (probe.unknown.length > 0) lines.push(`  ${style.dim(`unknown fields (cloudctl does not read them): ${probe.unknown.join(', ')}`)}`);
  }
  lines.push('');
  if (problems === 0) {
    lines.push(
      style.green(
        `Every field cloudctl relies on matches.${notes > 0 ? ` ${notes} note${notes === 1 ? '' : 's'} about values only shown.` : ''}`,
      ) + ' Nothing was ordered or changed.',
    );
  } else {
    lines.push(
      style.red(`${problems} problem${problems === 1 ? '' : 's'} in fields cloudctl relies on`) +
        ` (and ${notes} note${notes === 1 ? '' : 's'}). Nothing was ordered or changed.`,
    );
    lines.push(
      'Plans against this API may propose changes, replaces or paid calls that nobody asked for: report the fields above before applying.',
    );
  }
  return { text: `${lines.join('\n')}\n`, problems };
}
