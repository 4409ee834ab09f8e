class KeyStore {
  renderView(): string { // @def(storeView, "renderView")
    return '';
  }
}

export default KeyStore;
