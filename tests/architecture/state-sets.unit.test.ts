// A workflow's state sets are named once (core/pretreat-states.ts, checked against the machine) and
// reach SQL only through inStates (db/queries/states.ts), decision 0087. Read from the source: no
// file of db/, jobs/, commands/, workflows/ or app/ compares a status with state names written in
// SQL text (`status in ('assigned', …)`, `status = 'pending'`) or in a Kysely list
// (`.where('status', 'in', ['pending', …])`). Migrations are history: they keep their text.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRETREAT_STATES, SERVICE_SHEET_STATES } from '#core/workflow-states.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['db', 'jobs', 'commands', 'workflows', 'app']
const NAME = `'(?:${[...new Set([...PRETREAT_STATES, ...SERVICE_SHEET_STATES])].join('|')})'`
/** SQL text: a status (or state) column compared with a state name, or a list that holds one. */
const IN_SQL = new RegExp(`\\b\\w*(?:status|state)\\s*(?:=|<>|!=|(?:not\\s+)?in\\s*\\([^)]*?)\\s*${NAME}`, 'i')
/** A Kysely `in` with a list written in place that holds a state name. */
const IN_LIST = new RegExp(`'(?:not in|in)'\\s*,\\s*\\[[^\\]]*${NAME}`)

/** The state lists written by hand in `text`: the offending SQL templates and Kysely lists. */
function handWrittenStates(text: string): string[] {
  const found: string[] = []
  for (const [template, body = ''] of text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) if (IN_SQL.test(body)) found.push(template.slice(0, 80))
  for (const [list] of text.matchAll(new RegExp(IN_LIST, 'g'))) found.push(list.slice(0, 80))
  return found
}

const sources = FOLDERS.flatMap((folder) =>
  (fs.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('db/migrations/')),
)

describe('state sets reach SQL through one helper', () => {
  it('finds a state list written by hand (the check itself works)', () => {
    expect(handWrittenStates("sql<SqlBool>`p.status in ('to-review', 'to-review1') and not p.void`")).toHaveLength(1)
    expect(handWrittenStates("sql`count(*) filter (where status = 'pending')`")).toHaveLength(1)
    expect(handWrittenStates(".where('status', 'in', ['pending', 'to-review'])")).toHaveLength(1)
    expect(handWrittenStates("sql`${inStates('p.status', PRETREAT_STATE_SETS.review)} and not p.void`")).toEqual([])
    expect(handWrittenStates(".where('status', 'in', ['queued', 'failed'])")).toEqual([])
  })

  it('no query writes a state list of its own', () => {
    const found = sources.flatMap((f) => handWrittenStates(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((s) => `${f}: ${s}`))
    expect(found).toEqual([])
  })
})
