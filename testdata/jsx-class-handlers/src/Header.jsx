class Component {}

// A class component passes its own methods to JSX attributes.
export class Header extends Component {
  open = () => { // @def(open, "open")
    return 1;
  };

  close() { // @def(close, "close")
    return 2;
  }

  render() { // @def(render, "render")
    return (
      <div>
        <button onClick={this.open} /> {/* @site(clickOpen, "open") @ref(render, open, clickOpen) */}
        <button onClick={this.close} /> {/* @site(clickClose, "close") */}
        {this.close()} {/* @site(callClose, "close") @call(render, close, callClose, clickClose) */}
      </div>
    );
  }
}
