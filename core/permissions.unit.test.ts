import { describe, expect, it } from 'vitest'
import { PERMISSION_AREAS, PERMISSION_CODENAMES } from './permissions.ts'

describe('permission areas (the user form groups its checkboxes by them)', () => {
  it('hold every permission once, in the order of the list', () => {
    expect(PERMISSION_AREAS.flatMap((a) => a.permissions)).toEqual(PERMISSION_CODENAMES)
  })
})
