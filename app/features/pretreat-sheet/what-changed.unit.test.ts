import { describe, expect, it } from 'vitest'
import { fieldLabel } from './what-changed.tsx'

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
