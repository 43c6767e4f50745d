import { describe, expect, it } from 'vitest'
import { listsOf } from './restore-form.ts'

describe('a form’s list fields as a draft keeps them', () => {
  it('each list’s lines in order, with their fields; other fields are not lists', () => {
    const fields: [string, string][] = [
      ['notes', 'Fan 2'],
      ['parts[1].part_id', '9'],
      ['parts[0].part_id', '4'],
      ['parts[0].quantity', '2'],
      ['parts[1].quantity', '1'],
      ['parts[1].description', 'Hinge'],
      ['parts.pick.part_id', ''],
    ]
    expect(Object.fromEntries(listsOf(fields))).toEqual({
      parts: [
        { part_id: '4', quantity: '2' },
        { part_id: '9', quantity: '1', description: 'Hinge' },
      ],
    })
  })

  it('a line removed in the middle leaves no hole', () => {
    expect(listsOf([['parts[2].part_id', '7']]).get('parts')).toEqual([{ part_id: '7' }])
  })
})
