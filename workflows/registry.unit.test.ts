import { describe, expect, it } from 'vitest'
import { ACCESS } from '#app/access.ts'
import { machineDiagram } from './diagram.ts'
import { INSPECTED_WORKFLOWS, inspectedWorkflow, inspectSteps, stateLabel, statesOf } from './registry.ts'

const sheets = inspectedWorkflow('service-sheets')!
const calls = inspectedWorkflow('call-ins')!

describe('the inspected workflows', () => {
  it('gives every state of every workflow its own label, as a person reads it (issue 19, item 26)', () => {
    for (const workflow of INSPECTED_WORKFLOWS) {
      const labels = statesOf(workflow).map((state) => stateLabel(workflow, state))
      // none is the machine's own name ('level_2_review', 'to-review1', 'companyPath')
      expect(
        labels.filter((label, i) => statesOf(workflow)[i] === label),
        workflow.key,
      ).toEqual([])
      expect(new Set(labels).size, workflow.key).toBe(labels.length)
    }
    expect(stateLabel(sheets, 'level_2_review')).toBe('Waiting for review 2')
    expect(stateLabel(inspectedWorkflow('pretreats')!, 'to-review1')).toBe('To Review (level 2)')
    expect(stateLabel(calls, 'companyPath')).toBe('Company chosen')
  })

  it('asks the machine which steps a stored record can take, with who may take them', () => {
    expect(inspectSteps(sheets, 'submitted')).toEqual([{ event: 'SUBMIT', to: 'level_1_review', permissions: ['api.add_servicesheet'] }])
    expect(inspectSteps(sheets, 'level_2_review')).toEqual([
      { event: 'SAVE', to: 'level_2_review', permissions: ['api.can_review_2'] },
      { event: 'APPROVE', to: 'level_3_review', permissions: ['api.can_review_2'] },
      { event: 'SEND_BACK', to: 'submitted', permissions: ['api.can_review_2'] },
    ])
    expect(inspectSteps(sheets, 'complete')).toEqual([])
    // a stored call is in its final state: nothing more
    expect(inspectSteps(calls, 'submitted')).toEqual([])
    expect(inspectSteps(sheets, 'no_such_state')).toEqual([])
  })

  it('asks the pre-treat machine as a live (not void, scheduled) pre-treat stands', () => {
    const pretreats = inspectedWorkflow('pretreats')!
    const steps = (state: string) => inspectSteps(pretreats, state).map((s) => `${s.event}→${s.to}`)
    expect(steps('pending')).toEqual(['EDIT→pending', 'STAGE→pending', 'ASSIGN→assigned', 'PLAN→pending', 'VOID→pending'])
    expect(steps('assigned')).toEqual(['EDIT→assigned', 'ASSIGN→assigned', 'UNASSIGN→pending', 'PLAN→assigned', 'SAVE→in-progress', 'SUBMIT→to-review', 'VOID→assigned'])
    expect(steps('to-review')).toEqual(['EDIT→to-review', 'SAVE→to-review', 'REVIEW→to-review1', 'REVIEW→to-review1', 'SEND_BACK→in-progress', 'VOID→to-review'])
    expect(steps('to-review1')).toEqual(['EDIT→to-review1', 'SAVE→to-review1', 'REVIEW→completed', 'REVIEW→to-review1', 'SEND_BACK→in-progress', 'VOID→to-review1'])
    expect(steps('completed')).toEqual([])
  })

  it('names states in the machine’s order, and record screens that exist', () => {
    expect(statesOf(sheets)).toEqual(['submitted', 'level_1_review', 'level_2_review', 'level_3_review', 'complete'])
    for (const w of INSPECTED_WORKFLOWS) expect(Object.keys(ACCESS), w.key).toContain(w.recordScreen.access)
    expect(new Set(INSPECTED_WORKFLOWS.map((w) => w.key)).size).toBe(INSPECTED_WORKFLOWS.length)
  })
})

describe('the machine diagram', () => {
  it('draws every state and transition of the definition', () => {
    const d = machineDiagram(sheets.machine)
    expect(d.states.map((s) => [s.name, s.initial, s.final])).toEqual([
      ['submitted', true, false],
      ['level_1_review', false, false],
      ['level_2_review', false, false],
      ['level_3_review', false, false],
      ['complete', false, true],
    ])
    expect(d.edges.map((e) => `${e.from}→${e.to}: ${e.label}`)).toEqual([
      'submitted→level_1_review: SUBMIT [byAuthor]',
      'level_1_review→level_1_review: SAVE [reviewableAt1]',
      'level_1_review→level_2_review: APPROVE [reviewableAt1]',
      'level_1_review→submitted: SEND_BACK [reviewableAt1]',
      'level_2_review→level_2_review: SAVE [reviewableAt2]',
      'level_2_review→level_3_review: APPROVE [reviewableAt2]',
      'level_2_review→submitted: SEND_BACK [reviewableAt2]',
      'level_3_review→level_3_review: SAVE [reviewableAt3]',
      'level_3_review→complete: APPROVE [reviewableAt3]',
      'level_3_review→submitted: SEND_BACK [reviewableAt3]',
    ])
  })

  it('draws steps defined on the root as entering from any state, and a targetless step as a loop', () => {
    const d = machineDiagram(calls.machine)
    const labels = d.edges.map((e) => `${e.from ?? '*'}→${e.to}: ${e.label}`)
    expect(labels).toContain('*→companyPath: any state: CHOOSE_COMPANY')
    expect(labels).toContain('details→details: CHOOSE_STORAGE [storageIsTheCompanys]')
    expect(labels).toContain('details→submitted: SUBMIT [complete]')
    // every edge stays inside the drawing
    for (const e of d.edges) expect(e.labelY).toBeLessThan(d.height)
  })
})
