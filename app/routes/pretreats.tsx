import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const access = sectionMenu('/pretreats').access

export const handle = { crumbs: [{ label: 'Pre-Treats', to: '/pretreats' }] }
export const loader = sectionMenuLoader('/pretreats')
export default SectionMenuPage
