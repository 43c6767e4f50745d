import { describe, expect, it } from 'vitest'
import { changesShown, fieldLabel } from './what-changed.tsx'

describe('the names of changed sheet fields', () => {
  it("read as the sheet's labels", () => {
    expect(fieldLabel('weather')).toBe('Weather')
    expect(fieldLabel('truck_id')).toBe('Truck')
    expect(fieldLabel('temps1_front')).toBe('Pile Temp 1 Front')
    expect(fieldLabel('storage_temp_back')).toBe('Storage Temp Back')
    expect(fieldLabel('chemicals[1].quantity_used')).toBe('Quantity Used (line 2)')
    expect(fieldLabel('ducts_open_other')).toBe('Ducts Open (Other)')
  })
})

describe('what a reviewer is shown as changed (issue 38, item 29)', () => {
  const edit = (event: string, changes: Record<string, [string, string]>) => ({ at: '2026-12-01T10:00:00.000Z', by: 'Cody Hansen', event, changes })
  it('leaves out first fillings before the first submit, never a value replaced, and nothing after the submit', () => {
    const shown = changesShown([
      edit('SAVE', { weather: ['', 'Clear'], env_temp: ['', '30'] }),
      edit('SAVE', { env_temp: ['30', '28'], wind_speed: ['', '6'] }),
      edit('SUBMIT', { batch_numbers: ['', 'B-1'], sampled_by: ['Cody', 'Dale'] }),
      edit('SEND_BACK', {}),
      edit('SUBMIT', { set_point: ['', '44'], weather: ['Clear', 'Snow'] }),
    ])
    expect(shown.map((e) => [e.event, e.changes])).toEqual([
      ['SAVE', { env_temp: ['30', '28'] }],
      ['SUBMIT', { sampled_by: ['Cody', 'Dale'] }],
      ['SUBMIT', { set_point: ['', '44'], weather: ['Clear', 'Snow'] }],
    ])
  })
})
