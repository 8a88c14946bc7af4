/**
 * `cloudctl doctor`: a read-only check of the configured API and token
 * (the front door's `Engine.doctor`, src/engine/doctor.ts), printed as a
 * report. It only ever sends GETs: nothing is ordered, changed or deleted.
 * Exit 0 when every field cloudctl relies on matches, 1 otherwise.
 */
import { renderDoctorReport } from '../views/doctor.js';
import type { Workspace } from '../workspace.js';
import { openEngine } from '../run.js';

/**
 * `cloudctl doctor`: connects as every command does (`provider` base URL
 * from CLOUDCTL_BASE_URL, else the embedded simulator; token from
 * CLOUDCTL_API_KEY), runs the probes and prints the report. Resolves 0 when
 * every field cloudctl relies on matches, 1 otherwise. Endpoints: GETs only
 * (catalogues, OS list, keypair lists, account lists of every group).
 */
export async function doctorCommand(ws: Workspace): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const { probes, target } = await engine.doctor();
    const report = renderDoctorReport(probes, target, ws.style);
    ws.io.stdout.write(report.text);
    return report.problems > 0 ? 1 : 0;
  } finally {
    await engine.close();
  }
}
