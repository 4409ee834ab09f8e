export default class AppRenderer {
  public renderView(): null { // @def(appView, "renderView")
    return null;
  }
}
