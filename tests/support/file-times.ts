// A vitest reporter: how long each test file took (from its start to its end, setup included),
// the slowest printed after every run, and a budget: a file over FILE_BUDGET_SECONDS fails the run
// (docs/decisions/0052-test-suite-budget.md says why and how to split one).
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

export const FILE_BUDGET_SECONDS = Number(process.env.TEST_FILE_BUDGET_SECONDS ?? 90)
const SHOWN = 10

export default class FileTimes implements Reporter {
  private readonly started = new Map<string, number>()
  private readonly took = new Map<string, number>()

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, performance.now())
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.started.get(module.moduleId)
    if (start !== undefined) this.took.set(module.moduleId, (performance.now() - start) / 1000)
  }

  onTestRunEnd(): void {
    if (this.took.size === 0) return
    const files = [...this.took].sort((a, b) => b[1] - a[1])
    const name = (id: string) => path.relative(process.cwd(), id)
    console.log(`\nThe ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files:`)
    for (const [id, seconds] of files.slice(0, SHOWN)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name(id)}`)
    // every file's time, for comparing two runs (FILE_TIMES_OUT=path)
    if (process.env.FILE_TIMES_OUT) fs.writeFileSync(process.env.FILE_TIMES_OUT, JSON.stringify(Object.fromEntries(files.map(([id, s]) => [name(id), Math.round(s * 10) / 10])), null, 1))
    // when each file started (seconds after the first) and how long it took, to see where workers wait (FILE_TIMELINE_OUT=path)
    if (process.env.FILE_TIMELINE_OUT) {
      const first = Math.min(...this.started.values())
      const round = (n: number) => Math.round(n * 10) / 10
      fs.writeFileSync(process.env.FILE_TIMELINE_OUT, JSON.stringify(Object.fromEntries(files.map(([id, s]) => [name(id), [round((this.started.get(id)! - first) / 1000), round(s)]])), null, 1))
    }
    const over = files.filter(([, seconds]) => seconds > FILE_BUDGET_SECONDS)
    if (over.length === 0) return
    console.log(`\n${over.length} test file${over.length === 1 ? '' : 's'} took longer than the budget of ${FILE_BUDGET_SECONDS} s per file:`)
    for (const [id, seconds] of over) console.log(`  ${seconds.toFixed(1)} s  ${name(id)}`)
    console.log('Split it, or move what it proves to a faster level (docs/decisions/0052-test-suite-budget.md).')
    process.exitCode = 1
  }
}
