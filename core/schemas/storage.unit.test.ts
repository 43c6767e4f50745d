import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { STORAGE_MESSAGES, StorageSchema } from './storage.ts'

const VALID = {
  submission_id: '6f1c2a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f',
  owner: 'Aberdeen Acres',
  grower: 'Blackfoot Farms',
  name: 'Cellar 9',
  gps: '43.615, -116.202',
  type: 'Behlen',
  service_start: '2026-09-01',
  door_type: 'Louvres',
  door_count: '2',
  duct_count: '12',
  duct_size_inches: '24',
  duct_spacing_inches: '120.5',
  notes: 'Fan house on the east end.',
}

function parse(fields: Record<string, string | undefined>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value)
  return parseWithZod(form, { schema: StorageSchema })
}

function errorsOf(fields: Record<string, string | undefined>) {
  const result = parse(fields)
  return result.status === 'success' ? undefined : result.error
}

describe('the storage form schema', () => {
  it('reads a complete form, GPS left as typed and the optional fields empty', () => {
    const result = parse(VALID)
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    expect(result.value).toMatchObject({
      gps: '43.615, -116.202',
      door_count: 2,
      duct_spacing_inches: 120.5,
      address: '',
      pretreat_notes: '',
      owner_is_grower: false,
      active: false,
      images: [],
      kept_images: [],
    })
    expect(result.value.length_feet).toBeUndefined()
  })

  it('refuses GPS that is not two numbers in range', () => {
    for (const gps of ['43.615', '91, 0', '0, 181', 'north, west', '1, 2, 3', '0x10, 5', '43.6;-116.2']) {
      expect(errorsOf({ ...VALID, gps }), gps).toEqual({ gps: [STORAGE_MESSAGES.gps] })
    }
  })

  it('needs a grower unless the owner is the grower', () => {
    expect(errorsOf({ ...VALID, grower: '' })).toEqual({ grower: [STORAGE_MESSAGES.growerRequired] })
    expect(parse({ ...VALID, grower: '', owner_is_grower: 'on' }).status).toBe('success')
  })

  it('refuses negative counts and sizes, and types outside the lists', () => {
    expect(errorsOf({ ...VALID, door_count: '-1', duct_count: '-3', duct_size_inches: '-2' })).toEqual({
      door_count: ['Door count must be 0 or more.'],
      duct_count: ['Duct count must be 0 or more.'],
      duct_size_inches: ['Duct size must be 0 or more.'],
    })
    expect(errorsOf({ ...VALID, type: 'Igloo', door_type: 'Garage' })).toEqual({ type: [STORAGE_MESSAGES.type], door_type: [STORAGE_MESSAGES.doorType] })
  })

  it('requires what the spec requires', () => {
    expect(Object.keys(errorsOf({ submission_id: VALID.submission_id, owner_is_grower: 'on' }) ?? {}).sort()).toEqual(
      ['owner', 'name', 'gps', 'type', 'service_start', 'door_type', 'door_count', 'duct_count', 'duct_size_inches', 'duct_spacing_inches', 'notes'].sort(),
    )
  })
})
