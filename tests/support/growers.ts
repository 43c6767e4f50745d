// What the grower form sends for a new grower, for the tests that need one.
import { randomUUID } from 'node:crypto'
import type { GrowerInput } from '#core/schemas/grower.ts'

export const newGrower = (name: string): GrowerInput => ({
  submission_id: randomUUID(),
  company_name: name,
  qb_list_id: 'QB-1',
  service_start: '2026-11-22',
  notes: 'x',
  website: '',
  active: true,
  storage_check_interval: 30,
  contact_interval: 0,
})
