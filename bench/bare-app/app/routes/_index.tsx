export default function Index() {
  return <h1>Bare Remix route</h1>
}
