import type { LoaderFunctionArgs } from '@remix-run/node'
import { forbidden, requireUser } from './auth/guard.server.ts'
import type { SectionMenuData } from './components/section-menu-page.tsx'
import { sectionMenu, visibleSections } from './menu.ts'

/** The loader of a section menu page: only the cards the user may use; none at all is a 403. */
export function sectionMenuLoader(path: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<SectionMenuData> => {
    const user = await requireUser(request)
    const menu = sectionMenu(path)
    const sections = visibleSections(user, menu)
    if (sections.length === 0) throw forbidden()
    const tab = new URL(request.url).searchParams.get('tab') ?? ''
    return { title: menu.title, description: menu.description, path, sections, tab: sections.some((s) => s.id === tab) ? tab : sections[0]!.id }
  }
}
