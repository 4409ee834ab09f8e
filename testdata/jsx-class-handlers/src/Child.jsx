class Component {}

// A component calls the callbacks its parent passes through its props:
// never a method of that name, whichever class declares one. The parent's
// <Child onOpen={this.open} /> is the method's reference.
export class Child extends Component {
  onOpen = () => { // @def(childOnOpen, "onOpen") @nocallers(childOnOpen)
    this.props.onOpen(1);
  };
}

export function Row(props) {
  props.onRemove(2);
  return null;
}

export class Store {
  onRemove() { // @def(onRemove, "onRemove") @nocallers(onRemove)
    return 3;
  }
}
