/**
 * The backend contract's workspaces and lock breaking on the local folder
 * (test/support/backend-contract.ts; PostgreSQL's run in
 * test/integration/state-postgres.test.ts).
 */
import { rm } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { backendContractTests } from '../support/backend-contract.js';

describe('state: the backend contract on the local folder', () => {
  const folders: string[] = [];
  after(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
  backendContractTests(async () => {
    const cwd = await tempFolder('cloudctl-contract-');
    folders.push(cwd);
    return { cwd, options: {}, liveHolder: 'refused' };
  });
});
