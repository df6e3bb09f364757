export default function Home() {
  return <h1>Services électriques professionnels à Limoges</h1>;
}
