import { describe, expect, it } from 'vitest'
import { mergeTrails } from './breadcrumbs.tsx'

const crumb = (label: string, to: string) => ({ label, to })
const admin = crumb('Admin', '/manage')

describe('the breadcrumb trail of nested routes', () => {
  it('adds what a child route names after its parent', () => {
    expect(mergeTrails([[crumb('Pre-Treats', '/pretreats')], [crumb('Completed', '/completed-pre-treat')]]).map((c) => c.label)).toEqual(['Pre-Treats', 'Completed'])
  })

  it("keeps each place once, in the order of the innermost route that names it (issue 19, item 26: /edit-storage/{id} read 'Edit Storage / Manage Storages')", () => {
    const picker = [admin, crumb('Edit Storage', '/edit-storage')]
    const form = [admin, crumb('Manage Storages', '/manage-storage'), crumb('Edit Storage', '/edit-storage')]
    expect(mergeTrails([picker, form]).map((c) => c.label)).toEqual(['Admin', 'Manage Storages', 'Edit Storage'])
  })
})
