class Component {}

export class Footer extends Component {
  toggle = (): number => 1; // @def(toggle, "toggle")

  render() { // @def(footerRender, "render")
    return <a onClick={this.toggle}>x</a>; // @site(clickToggle, "toggle") @ref(footerRender, toggle, clickToggle)
  }
}

function hide(): void {} // @def(hide, "hide")

// A plain name is no property access: tsserver leaves it out, grep offers it flagged.
export function Plain() { // @def(Plain, "Plain")
  return <a onClick={hide}>x</a>; // @site(clickHide, "hide") @possible(Plain, hide, clickHide)
}
