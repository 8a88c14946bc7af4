import { loadManifest } from './src/manifest/index.js';
import { DiagnosticError, formatDiagnostic } from './src/core/types.js';
try {
  const l = await loadManifest('m.yaml', { cwd: '/tmp/ft', env: { CLOUDCTL_VAR_secret: 'ABC' }, variableInputs: { assignments: ['env=dev', 'nmae=1'] } });
  console.log(l.variables);
} catch (e) { console.log((e as DiagnosticError).diagnostics.map(formatDiagnostic).join('\n')); }
