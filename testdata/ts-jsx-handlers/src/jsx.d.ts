declare namespace JSX {
  interface IntrinsicElements {
    [name: string]: any;
  }
}
