import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const access = sectionMenu('/checks').access

export const handle = { crumbs: [{ label: 'Storage Checks', to: '/checks' }] }
export const loader = sectionMenuLoader('/checks')
export default SectionMenuPage
