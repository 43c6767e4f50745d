// When the device is full (decision 0095): the cached pages go, the item, photo or draft is kept.
import { describe, expect, it } from 'vitest'
import { withRoomMade } from './device-room.ts'

const full = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })

/** A device holding `pages` cached pages and room for `room` more items once they are gone. */
function device(pages: number, roomAfterPages: number) {
  const kept: string[] = []
  const state = { pages, room: 0 }
  return {
    kept,
    state,
    keep: (item: string) => async () => {
      if (state.room === 0) throw full()
      state.room--
      kept.push(item)
      return item
    },
    dropPages: async () => {
      if (state.pages === 0) return false
      state.pages = 0
      state.room = roomAfterPages
      return true
    },
  }
}

describe('a write refused for want of room', () => {
  it('drops the cached pages and keeps the item', async () => {
    const d = device(12, 5)
    expect(await withRoomMade(d.keep('photo'), d.dropPages)).toBe('photo')
    expect([d.kept, d.state.pages]).toEqual([['photo'], 0])
  })

  it('with no pages left to drop, or still no room after: the refusal reaches the caller (the photo field says so), nothing else goes', async () => {
    const noPages = device(0, 5)
    await expect(withRoomMade(noPages.keep('photo'), noPages.dropPages)).rejects.toMatchObject({ name: 'QuotaExceededError' })
    const stillFull = device(3, 0)
    await expect(withRoomMade(stillFull.keep('photo'), stillFull.dropPages)).rejects.toMatchObject({ name: 'QuotaExceededError' })
    expect(stillFull.kept).toEqual([])
  })

  it('any other failure drops no page', async () => {
    const d = device(4, 5)
    await expect(withRoomMade(() => Promise.reject(new Error('closed')), d.dropPages)).rejects.toThrow('closed')
    expect(d.state.pages).toBe(4)
  })
})
