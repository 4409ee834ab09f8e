export function Home() { // @def(home, "Home")
  return <div>home</div>;
}
