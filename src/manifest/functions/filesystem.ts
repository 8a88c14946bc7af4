/**
 * `file`, the one function touching the disk: src/manifest/expand/files.ts
 * reads the file when the manifest is loaded and keeps its text on the
 * call; the implementation here returns that text.
 */
import { define, FunctionError, type FunctionDefinition } from './definition.js';

/** The filesystem functions, in the order of the docs. */
export const FILESYSTEM_FUNCTIONS: FunctionDefinition[] = [
  define('filesystem', {
    name: 'file',
    parameters: [{ name: 'path', types: ['string'], exact: true }],
    result: 'string',
    description:
      "The text of a file (UTF-8, at most 64 KiB), relative to the manifest's folder: for public keys. Read once, when the manifest is loaded; the path must be a string or variables.",
    example: '${file("keys/deploy.pub")} → "ssh-ed25519 AAAA... deploy"',
    run: (_values, call) => {
      if (call.fileText === undefined) throw new FunctionError(`file(): the file was not read when the manifest was loaded`);
      return call.fileText;
    },
  }),
];
