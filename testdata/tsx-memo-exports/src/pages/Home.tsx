import { Card, Plain } from '../shared/Card';

export function Home() { // @def(home, "Home")
  const first = <Card title="a" />;
  const second = Card({ title: 'b' });
  return [first, second, <Plain n={1} />]; // @site(homePlain, "Plain") @call(home, plain, homePlain)
}
