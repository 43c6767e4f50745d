// The machine, the state tuple in core and the database's CHECK constraint name the same states.
// The compiler catches a machine whose states differ from its tuple; this test catches the rest:
// a tuple or machine changed without a migration, or a migration without the machine.
import { sql } from 'kysely'
import type { AnyStateMachine } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_IN_STATES, PRETREAT_STATES, SERVICE_SHEET_STATES } from '#core/workflow-states.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { callInMachine } from './call-in.machine.ts'
import { pretreatMachine } from './pretreat.machine.ts'
import { serviceReviewMachine } from './service-review.machine.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

const sorted = (states: readonly string[]) => [...states].sort()
const machineStates = (machine: AnyStateMachine) => sorted(Object.keys(machine.states))

/** The states a CHECK constraint allows: `check (status in ('a', 'b'))` reads back as `ARRAY['a'::text, 'b'::text]`. */
async function checkedStates(constraint: string): Promise<string[]> {
  const row = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${constraint}`.execute(t.db)
  const def = row.rows[0]?.def
  if (!def) throw new Error(`No constraint ${constraint}`)
  return sorted([...def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!))
}

async function columnDefault(table: string, column: string): Promise<string | null> {
  const row = await sql<{ d: string | null }>`select column_default as d from information_schema.columns where table_name = ${table} and column_name = ${column}`.execute(t.db)
  return /^'([^']*)'/.exec(row.rows[0]?.d ?? '')?.[1] ?? null
}

describe('workflow states', () => {
  it("service sheets: the machine's states, the tuple and service_sheets_status_ck are the same; a new sheet starts in the machine's initial state", async () => {
    expect(machineStates(serviceReviewMachine)).toEqual(sorted(SERVICE_SHEET_STATES))
    expect(await checkedStates('service_sheets_status_ck')).toEqual(sorted(SERVICE_SHEET_STATES))
    expect(serviceReviewMachine.config.initial).toBe(SERVICE_SHEET_STATES[0])
    expect(await columnDefault('service_sheets', 'status')).toBe(SERVICE_SHEET_STATES[0])
  })

  it("call-ins: the machine's states are the tuple (a call is stored only when submitted, so no column)", () => {
    expect(machineStates(callInMachine)).toEqual(sorted(CALL_IN_STATES))
    expect(callInMachine.config.initial).toBe(CALL_IN_STATES[0])
  })

  it("pre-treats: the machine's states, the tuple and pretreats_status_ck are the same; a new pre-treat is pending", async () => {
    expect(machineStates(pretreatMachine)).toEqual(sorted(PRETREAT_STATES))
    expect(pretreatMachine.config.initial).toBe(PRETREAT_STATES[0])
    expect(await checkedStates('pretreats_status_ck')).toEqual(sorted(PRETREAT_STATES))
    expect(await columnDefault('pretreats', 'status')).toBe(PRETREAT_STATES[0])
  })
})
