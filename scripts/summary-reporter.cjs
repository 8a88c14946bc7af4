// Mocha's spec reporter, plus two closing lines: the wall time of the run
// ("time: 112 s"), then the line CI reads, last: "N passed, N failed[, N skipped]".
// Listens to runner events only, so it works in mocha's parallel mode too.
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = Date.now();
    runner.once('end', () => {
      const { passes, failures, pending } = this.stats;
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`time: ${seconds} s\n`);
      process.stdout.write(`${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;
