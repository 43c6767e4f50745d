// The order of a run's files: the longest first, by the seconds each took in a whole run, kept in
// tests/support/file-seconds.json (FILE_TIMES_OUT writes that shape), so a fresh clone runs them in
// the same order as a machine that ran them before. Vitest's own order reads its cache, which a
// fresh clone lacks: it then runs the largest files first, which put the crawl's shards (four
// lines each, a minute each) and `npm start`'s tests (half a minute, spawning whole apps) last,
// where they alone ended the run. A file the table does not know yet goes first (its time is
// unknown); refresh the table after adding slow files: `FILE_TIMES_OUT=tests/support/file-seconds.json npm test`.
import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const SECONDS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'file-seconds.json'), 'utf8')) as Record<string, number>

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const secondsOf = (file: TestSpecification) => SECONDS[path.relative(this.ctx.config.root, file.moduleId)] ?? Infinity
    return [...files].sort((a, b) => secondsOf(b) - secondsOf(a))
  }
}
