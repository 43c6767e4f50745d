import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAccess } from './auth/guard.server.ts'
import type { SectionMenuData } from './components/section-menu-page.tsx'
import { sectionMenu, visibleSections } from './menu.ts'

/**
 * The loader of a section menu page: only the cards the user may use (the menu's rule lets in whoever
 * may use one, and staff into an admin-flagged menu, which may then show them no card).
 */
export function sectionMenuLoader(path: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<SectionMenuData> => {
    const menu = sectionMenu(path)
    const user = await requireAccess(request, menu.access)
    const sections = visibleSections(user, menu)
    const tab = new URL(request.url).searchParams.get('tab') ?? ''
    return { title: menu.title, description: menu.description, path, sections, tab: sections.some((s) => s.id === tab) ? tab : (sections[0]?.id ?? '') }
  }
}
