// Add and Remove without JavaScript: the one server helper every LineItemsField posts to.
import { describe, expect, it } from 'vitest'
import type { FormResult } from './form-result.ts'
import { applyLineIntent } from './line-items.server.ts'
import { parseLineIntent, partLines } from './line-rules.ts'

const PARTS = [
  { id: 5, part_number: 'FAN-BLT-B75', description: 'Fan belt', is_special: false },
  { id: 9, part_number: 'SPECIAL ORDER', description: 'Special order', is_special: true },
]
const kinds = { parts: partLines(PARTS) }

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

async function answer(fields: Record<string, string>) {
  const response = applyLineIntent(form(fields), kinds)
  if (!response) return null
  return { status: response.init?.status ?? 200, result: response.data as FormResult }
}

const typed = { requested_by: 'Ann', 'parts[0].part_id': '5', 'parts[0].quantity': '2', 'parts[0].description': '' }

describe('applyLineIntent', () => {
  it('adds the picked line, empties the picker and keeps everything typed', async () => {
    const reply = await answer({ ...typed, intent: 'add-line:parts', 'pick_parts.part': 'SPECIAL ORDER', 'pick_parts.quantity': '1.5', 'pick_parts.description': ' Hinge ' })
    expect(reply?.status).toBe(200)
    expect(reply?.result.initialValue).toMatchObject({
      requested_by: 'Ann',
      parts: [
        { part_id: '5', quantity: '2', description: '' },
        { part_id: '9', quantity: '1.5', description: 'Hinge' },
      ],
      pick_parts: { part: '', quantity: '1', description: '' },
    })
    expect(reply?.result.error).toEqual({})
  })

  it("refuses a pick beside the picker's field, the lines and the picked values unchanged", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ 'pick_parts.part': 'NOT-A-PART', 'pick_parts.quantity': '1' }, 'pick_parts.part', 'Choose a part from the parts list.'],
      [{ 'pick_parts.part': 'FAN-BLT-B75', 'pick_parts.quantity': '0' }, 'pick_parts.quantity', 'Quantity must be above 0.'],
      [{ 'pick_parts.part': 'FAN-BLT-B75', 'pick_parts.quantity': '0x10' }, 'pick_parts.quantity', 'Quantity must be above 0.'],
      [{ 'pick_parts.part': 'SPECIAL ORDER', 'pick_parts.quantity': '1' }, 'pick_parts.description', 'A special part needs a description.'],
    ]
    for (const [pick, field, message] of cases) {
      const reply = await answer({ ...typed, intent: 'add-line:parts', ...pick })
      expect({ pick, status: reply?.status, error: reply?.result.error }).toEqual({ pick, status: 400, error: { [field]: [message] } })
      expect(reply?.result.initialValue).toMatchObject({ parts: [{ part_id: '5' }], pick_parts: { part: pick['pick_parts.part'] } })
    }
  })

  it('takes a picker field sent twice for no pick (a message, not a crash)', () => {
    const data = form({ ...typed, intent: 'add-line:parts', 'pick_parts.part': 'FAN-BLT-B75', 'pick_parts.quantity': '1' })
    data.append('pick_parts.part', 'FAN-BLT-B90')
    const response = applyLineIntent(data, kinds)
    expect(response?.init?.status).toBe(400)
    expect((response?.data as FormResult | undefined)?.error).toEqual({ 'pick_parts.part': ['Choose a part from the parts list.'] })
  })

  it('removes the line named by its index', async () => {
    const reply = await answer({ ...typed, 'parts[1].part_id': '9', 'parts[1].quantity': '1', 'parts[1].description': 'Hinge', intent: 'remove-line:parts:0' })
    expect(reply?.result.initialValue).toMatchObject({ parts: [{ part_id: '9', description: 'Hinge' }] })
  })

  it('leaves every other post to the form (null): Submit, an unknown list, a hostile intent', async () => {
    for (const intent of ['', 'save', 'add-line:chemicals', 'remove-line:parts:x', 'add-line:parts\u0000']) expect(await answer({ ...typed, intent })).toBeNull()
  })
})

describe('parseLineIntent', () => {
  it('reads add and remove, nothing else', () => {
    expect(parseLineIntent('add-line:new_parts')).toEqual({ type: 'add', list: 'new_parts' })
    expect(parseLineIntent('remove-line:parts:12')).toEqual({ type: 'remove', list: 'parts', index: 12 })
    expect(parseLineIntent('remove-line:parts:-1')).toBeNull()
    expect(parseLineIntent(null)).toBeNull()
  })
})
