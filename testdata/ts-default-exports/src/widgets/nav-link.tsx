function NavLink(props: { to: string }) { // @def(navLink, "NavLink")
  return <a href={props.to} />;
}

export default NavLink;
