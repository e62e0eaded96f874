/**
 * The order vitest starts the test files in. With two workers the run ends when the last file
 * ends, so the files that spend long waiting on a browser, a build or a child process start
 * first: started last, one of them would run alone while the other worker idles. Within each
 * kind, vitest's own order: longest first by the last run's durations when it has them (a
 * machine that ran the tests before), largest first on a fresh clone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_WAITS = [
  /\/test\/browser\//, // chromium and the console
  /\.browser\.test\.tsx?$/, // chromium, and next builds
  /\/test\/packaging\//, // npm installs, tsc, vite and next builds of the packed package
  /\/test\/docs\//, // the docs site (TypeDoc, Pagefind), tsc of its samples, chromium
  /\/test\/proof-app\//, // child processes behind the preload, chromium
  /\/test\/examples\//, // the example storefront's react-router build
];

const waitsLong = (spec: TestSpecification) => LONG_WAITS.some((kind) => kind.test(spec.moduleId));

export default class LongWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: groups (sequence.groupOrder) keep their order, and so does vitest's within a kind.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        Number(waitsLong(b)) - Number(waitsLong(a)),
    );
  }
}
