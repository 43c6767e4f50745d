import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const access = sectionMenu('/service').access

export const handle = { crumbs: [{ label: 'Service', to: '/service' }] }
export const loader = sectionMenuLoader('/service')
export default SectionMenuPage
