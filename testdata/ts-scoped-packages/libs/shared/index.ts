export class SharedModule {
  static register(): SharedModule { // @def(sharedRegister, "register")
    return new SharedModule();
  }
}
