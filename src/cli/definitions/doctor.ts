/** `cloudctl doctor` (src/cli/commands/doctor.ts): a read-only check of the API and token. */
import { lazy, type CommandDefinition } from './define.js';

const doctorCommand = lazy(() => import('../commands/doctor.js'), 'doctorCommand');

export const doctor: CommandDefinition = {
  name: 'doctor',
  description: 'read-only check of the configured API and token: lists every group and reports reply fields cloudctl cannot rely on',
  action: (context) => doctorCommand(context.workspace()),
};
