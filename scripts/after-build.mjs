// Makes the built CLI executable (npm links bin entries, but a direct run of dist/cli/main.js needs the bit).
import { chmodSync, existsSync } from 'node:fs';
const main = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(main)) chmodSync(main, 0o755);
