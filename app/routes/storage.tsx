import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const handle = { crumbs: [{ label: 'Growers', to: '/storage' }] }
export const loader = sectionMenuLoader('/storage')
export default SectionMenuPage
