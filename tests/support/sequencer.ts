// The order of a run's files. Vitest runs the files it timed before longest first; a fresh clone
// has no timings, and vitest then runs the largest files first, which puts the crawl's shards
// (four lines each, over a minute each) last, where two of them alone would end the run. They
// go first, then vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const FIRST = /hostile-crawl-\d+\.test\.ts$/

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [...sorted.filter((f) => FIRST.test(f.moduleId)), ...sorted.filter((f) => !FIRST.test(f.moduleId))]
  }
}
