import { describe, expect, it } from 'vitest'
import { callInMachine, type CallInDetails, type CallInEvent } from './call-in.machine.ts'
import { replay, stateName } from './runner.ts'

const details: CallInDetails = { requestedBy: 'Dale', callInDate: '2026-11-20', description: 'Fan 3 is loud', gotIt: false }
const run = (...events: CallInEvent[]) => replay(callInMachine, events)

describe('call-in machine', () => {
  it('starts empty', () => {
    expect(stateName(run().snapshot)).toBe('empty')
  })

  it('company path: company → storage of that company → details → submitted', () => {
    const company = run({ type: 'CHOOSE_COMPANY', companyId: 1 })
    expect(stateName(company.snapshot)).toBe('companyPath')
    const storage = run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 })
    expect(stateName(storage.snapshot)).toBe('details')
    expect(storage.snapshot.context).toEqual({ path: 'company', companyId: 1, storageId: 7, jobId: null })
    const done = run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 }, { type: 'SUBMIT', details, mayCall: true })
    expect(done.refused).toBeNull()
    expect(stateName(done.snapshot)).toBe('submitted')
  })

  it('job path: the job fills company and storage and goes straight to details', () => {
    const job = run({ type: 'CHOOSE_JOB', jobId: 3, companyId: 1, storageId: 7 })
    expect(stateName(job.snapshot)).toBe('details')
    expect(job.snapshot.context).toEqual({ path: 'job', companyId: 1, storageId: 7, jobId: 3 })
    expect(stateName(run({ type: 'CHOOSE_JOB', jobId: 3, companyId: 1, storageId: 7 }, { type: 'SUBMIT', details, mayCall: true }).snapshot)).toBe('submitted')
  })

  it("refuses another company's storage", () => {
    const result = run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'CHOOSE_STORAGE', storageId: 9, storageCompanyId: 2 })
    expect(result.refused?.type).toBe('CHOOSE_STORAGE')
    expect(stateName(result.snapshot)).toBe('companyPath')
  })

  it('refuses a storage before a company, and a storage change on the job path', () => {
    expect(run({ type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 }).refused?.type).toBe('CHOOSE_STORAGE')
    const onJob = run({ type: 'CHOOSE_JOB', jobId: 3, companyId: 1, storageId: 7 }, { type: 'CHOOSE_STORAGE', storageId: 8, storageCompanyId: 1 })
    expect(onJob.refused?.type).toBe('CHOOSE_STORAGE')
    expect(onJob.snapshot.context.storageId).toBe(7)
  })

  it('refuses to submit without a storage, or with missing details', () => {
    expect(run({ type: 'SUBMIT', details, mayCall: true }).refused?.type).toBe('SUBMIT')
    expect(run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'SUBMIT', details, mayCall: true }).refused?.type).toBe('SUBMIT')
    const ready = [
      { type: 'CHOOSE_COMPANY', companyId: 1 },
      { type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 },
    ] as const
    for (const bad of [
      { ...details, requestedBy: ' ' },
      { ...details, description: '' },
      { ...details, callInDate: '11/20/2026' },
      { ...details, callInDate: '2026-13-45' },
    ]) {
      expect(run(...ready, { type: 'SUBMIT', details: bad, mayCall: true }).refused?.type).toBe('SUBMIT')
    }
  })

  it('refuses a complete call from one who may not log calls (the guard reads who sends it)', () => {
    const ready = [
      { type: 'CHOOSE_COMPANY', companyId: 1 },
      { type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 },
    ] as const
    expect(run(...ready, { type: 'SUBMIT', details, mayCall: false }).refused?.type).toBe('SUBMIT')
  })

  it('choosing a new company starts the company path over; a job replaces a company choice', () => {
    const again = run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'CHOOSE_STORAGE', storageId: 7, storageCompanyId: 1 }, { type: 'CHOOSE_COMPANY', companyId: 2 })
    expect(stateName(again.snapshot)).toBe('companyPath')
    expect(again.snapshot.context.storageId).toBeNull()
    const job = run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'CHOOSE_JOB', jobId: 3, companyId: 4, storageId: 5 })
    expect(job.snapshot.context).toEqual({ path: 'job', companyId: 4, storageId: 5, jobId: 3 })
  })

  it('RESET goes back to empty; nothing is taken after submitting', () => {
    expect(stateName(run({ type: 'CHOOSE_COMPANY', companyId: 1 }, { type: 'RESET' }).snapshot)).toBe('empty')
    const done = run({ type: 'CHOOSE_JOB', jobId: 3, companyId: 1, storageId: 7 }, { type: 'SUBMIT', details, mayCall: true }, { type: 'RESET' })
    expect(done.refused?.type).toBe('RESET')
    expect(stateName(done.snapshot)).toBe('submitted')
  })
})
