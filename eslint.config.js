// ESLint (flat config) with typescript-eslint, type-aware, over the sources,
// the tests, the scripts and the benchmarks. Formatting is Prettier's job
// (eslint-config-prettier turns off the rules that would disagree with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'generated/', 'bench/.build/', '**/*.generated.ts', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Promises must be awaited or explicitly voided: an order whose promise is dropped is an order nobody tracks.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The JSON the API and the state files hold is untyped by nature; `any` stays visible, not forbidden.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // A source file a reader can hold in their head: at most 600 lines (issue 25), and a function at most 150
    // (issue 38), blank lines and comments counted.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
