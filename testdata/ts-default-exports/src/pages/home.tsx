import { NavLink, money, toSlug } from '../widgets';
import Link from '../widgets/nav-link';
import price from '../widgets/format';

export function Home() { // @def(home, "Home")
  const a = money(100); // @site(h1, "money")
  const b = price(5); // @site(h2, "price") @call(home, formatPrice, h1, h2)
  const s = toSlug('X'); // @site(h3, "toSlug") @call(home, slugify, h3)
  return (
    <div>
      <NavLink to={s} /> {/* @site(h4, "NavLink") */}
      <Link to={a + b} /> {/* @site(h5, "Link") @call(home, navLink, h4, h5) */}
    </div>
  );
}
