import App from './app';
import Store from './store';

export function main(): void { // @def(main, "main")
  const app = new App();
  const store = new Store();
  app.renderView(); // @site(a1, "renderView") @call(main, appView, a1)
  store.renderView(); // @site(s1, "renderView") @call(main, storeView, s1)
}
