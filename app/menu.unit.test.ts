import { describe, expect, it } from 'vitest'
import { ACCESS, mayOpen } from './access.ts'
import { MAIN_MENU, SECTION_MENUS, sectionMenu, visibleItems, visibleSections } from './menu.ts'
import type { Permission } from '#core/permissions.ts'
import { ALERTS, maySeeAlert } from './alerts.ts'

const user = (permissions: Permission[], flags: { is_staff?: boolean; is_superuser?: boolean } = {}) => ({ is_staff: false, is_superuser: false, permissions, ...flags })

describe('menus', () => {
  it('show an item when the user may open its target', () => {
    expect(visibleItems(user(['api.view_callin']), MAIN_MENU).map((i) => i.title)).toEqual(['Service'])
    expect(visibleItems(user(['api.view_s3bucket']), MAIN_MENU).map((i) => i.title)).toEqual(['Auditing'])
  })

  it('show nothing to a signed-out visitor or a user without permissions', () => {
    expect(visibleItems(null, MAIN_MENU)).toEqual([])
    expect(visibleItems(user([]), MAIN_MENU)).toEqual([])
  })

  it('let staff in where a rule says so, and only there', () => {
    const staff = user([], { is_staff: true })
    expect(mayOpen(staff, { permissions: ['api.add_job'], staff: true })).toBe(true)
    expect(mayOpen(staff, { permissions: ['api.add_job'] })).toBe(false)
    expect(mayOpen(user(['api.add_job']), { permissions: ['api.add_job'], staff: true })).toBe(true)
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

  it('link each card to a screen with the very rule its loader checks, and a section to whoever may open one of its cards', () => {
    for (const menu of SECTION_MENUS) {
      for (const item of menu.sections.flatMap((s) => s.items)) expect(item.access).toBe(ACCESS[item.to as keyof typeof ACCESS])
      const card = MAIN_MENU.find((i) => i.to === menu.path)!
      expect(card.access).toBe(menu.access)
      expect(mayOpen(user(['api.view_s3bucket']), card.access)).toBe(false)
    }
    const cardOf = (path: string) => MAIN_MENU.find((i) => i.to === path)!.access
    // a reviewer of level 1 only sees the Service card, since Available Reviews lets them in
    expect(mayOpen(user(['api.can_review_1']), cardOf('/service'))).toBe(true)
    expect(mayOpen(user(['api.can_review_1']), cardOf('/receipt'))).toBe(false)
    // either receipt permission opens the Receipts card (the form, or the list)
    expect(mayOpen(user(['api.view_receipt']), cardOf('/receipt'))).toBe(true)
    expect(mayOpen(user(['api.add_receipt']), cardOf('/receipt'))).toBe(true)
    // and the office, who may only add customer notes, sees the Contacts card
    expect(mayOpen(user(['api.add_customer']), cardOf('/contacts'))).toBe(true)
  })

  it('keep Backups (the page, its CSV, its Admin card and the bell’s overdue line) for superusers: staff without them see no link to it', () => {
    const staff = user(['api.view_user', 'api.view_workflowevent'], { is_staff: true })
    const superuser = user([], { is_superuser: true })
    const backupsCard = (viewer: ReturnType<typeof user>) =>
      visibleSections(viewer, sectionMenu('/manage'))
        .flatMap((s) => s.items)
        .some((i) => i.to === '/backups')
    expect(mayOpen(staff, ACCESS['/backups'])).toBe(false)
    expect(backupsCard(staff)).toBe(false)
    expect(maySeeAlert(staff, 'backup_overdue')).toBe(false)
    expect(mayOpen(superuser, ACCESS['/backups'])).toBe(true)
    expect(backupsCard(superuser)).toBe(true)
    expect(maySeeAlert(superuser, 'backup_overdue')).toBe(true)
    // the bell's line leads where its reader may go
    expect(ALERTS.backup_overdue.to).toBe('/backups')
  })
})
