import { describe, expect, it } from 'vitest'
import { MAIN_MENU, canSee, sectionMenu, visibleItems, visibleSections } from './menu.ts'
import type { Permission } from '#core/permissions.ts'

const user = (permissions: Permission[], flags: { is_staff?: boolean; is_superuser?: boolean } = {}) => ({ is_staff: false, is_superuser: false, permissions, ...flags })

describe('menus', () => {
  it('show an item when the user holds any of its permissions', () => {
    const titles = visibleItems(user(['api.view_callin']), MAIN_MENU).map((i) => i.title)
    expect(titles).toEqual(['Service'])
  })

  it('show nothing to a signed-out visitor or a user without permissions', () => {
    expect(visibleItems(null, MAIN_MENU)).toEqual([])
    expect(visibleItems(user([]), MAIN_MENU)).toEqual([])
  })

  it('show admin-flagged items to staff without any of their permissions, and only those', () => {
    const staff = user([], { is_staff: true })
    expect(visibleItems(staff, MAIN_MENU).map((i) => i.title)).toEqual(['Admin'])
    expect(visibleSections(staff, sectionMenu('/manage')).flatMap((s) => s.items.map((i) => i.title))).toEqual(['Storages', 'Jobs', 'Trucks', 'Parts', 'Workflow Inspector'])
    expect(canSee(user(['api.add_job']), { permissions: ['api.add_job'], admin: true })).toBe(true)
  })

  it('give superusers everything', () => {
    expect(visibleItems(user([], { is_superuser: true }), MAIN_MENU)).toHaveLength(MAIN_MENU.length)
  })

  it('hide a section with no visible card and keep the others', () => {
    const sections = visibleSections(user(['api.add_callin', 'api.can_review_1']), sectionMenu('/service'))
    expect(sections.map((s) => [s.title, s.items.map((i) => i.title)])).toEqual([
      ['Create', ['New Call']],
      ['Review', ['Available Reviews']],
      ['Status', ['Service Sheet Tracker']],
    ])
  })
})
